import { EmptyProductScreen } from '@/shared/ui';

export default function FlowOrderScreen() {
  return <EmptyProductScreen title="floworder_title" empty="floworder_empty" icon="doc" testId="screen-flowOrder" />;
}
