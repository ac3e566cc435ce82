import { EmptyProductScreen } from '@/shared/ui';

export default function FinanceSubscribeScreen() {
  return <EmptyProductScreen title="financeSubscribe_title" empty="financeSubscribe_empty" icon="finance" testId="screen-financeSubscribe" />;
}
