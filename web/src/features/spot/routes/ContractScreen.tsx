import { EmptyProductScreen } from '@/shared/ui';

export default function ContractScreen() {
  return <EmptyProductScreen title="contract_title" empty="contract_empty" icon="futures" testId="screen-contract" back={false} />;
}
