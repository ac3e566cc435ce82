import { EmptyProductScreen } from '@/shared/ui';

export default function CashFlowScreen() {
  return <EmptyProductScreen title="cashflow_title" empty="cashflow_empty" icon="doc" testId="screen-cashFlow" />;
}
