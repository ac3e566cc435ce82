import { EmptyProductScreen } from '@/shared/ui';

export default function FlowOrderConfirmScreen() {
  return <EmptyProductScreen title="floworderConfirm_title" empty="floworderConfirm_empty" icon="doc" testId="screen-flowOrderConfirm" />;
}
