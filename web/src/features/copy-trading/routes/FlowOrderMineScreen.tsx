import { EmptyProductScreen } from '@/shared/ui';

export default function FlowOrderMineScreen() {
  return <EmptyProductScreen title="floworderMine_title" empty="floworderMine_empty" icon="doc" testId="screen-flowOrderMine" />;
}
