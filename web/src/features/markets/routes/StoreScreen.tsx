import { EmptyProductScreen } from '@/shared/ui';

export default function StoreScreen() {
  return <EmptyProductScreen title="store_title" empty="store_empty" icon="store" testId="screen-store" back={false} />;
}
