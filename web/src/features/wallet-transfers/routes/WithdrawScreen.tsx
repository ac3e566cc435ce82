import { EmptyProductScreen } from '@/shared/ui';

export default function WithdrawScreen() {
  return <EmptyProductScreen title="withdraw_title" empty="withdraw_empty" icon="upload" testId="screen-withdraw" />;
}
