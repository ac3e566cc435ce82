import { EmptyProductScreen } from '@/shared/ui';

export default function WelfareScreen() {
  return <EmptyProductScreen title="welfare_title" empty="welfare_empty" icon="welfare" testId="screen-welfare" />;
}
