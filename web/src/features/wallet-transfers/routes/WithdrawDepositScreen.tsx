import { EmptyProductScreen } from '@/shared/ui';

export default function WithdrawDepositScreen() {
  return <EmptyProductScreen title="withdrawDeposit_title" empty="withdrawDeposit_empty" icon="assets" testId="screen-withdrawDeposit" />;
}
