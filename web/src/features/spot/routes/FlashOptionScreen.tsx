import { EmptyProductScreen } from '@/shared/ui';

export default function FlashOptionScreen() {
  return <EmptyProductScreen title="flashOption_title" empty="flashOption_empty" icon="option" testId="screen-flashOption" back={false} />;
}
