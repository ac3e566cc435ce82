import { EmptyProductScreen } from '@/shared/ui';

export default function FlowOrderApplyScreen() {
  return <EmptyProductScreen title="floworderApply_title" empty="floworderApply_empty" icon="doc" testId="screen-flowOrderApply" />;
}
