import { EmptyProductScreen } from '@/shared/ui';

export default function FinanceScreen() {
  return <EmptyProductScreen title="finance_title" empty="finance_empty" icon="finance" testId="screen-finance" />;
}
