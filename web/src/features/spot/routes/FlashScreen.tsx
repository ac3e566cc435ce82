import { EmptyProductScreen } from '@/shared/ui';

export default function FlashScreen() {
  return <EmptyProductScreen title="flash_title" empty="flash_empty" icon="flash" testId="screen-flash" back={false} />;
}
