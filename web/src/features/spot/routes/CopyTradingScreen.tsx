import { EmptyProductScreen } from '@/shared/ui';

export default function CopyTradingScreen() {
  return <EmptyProductScreen title="follow_title" empty="follow_empty" icon="follow" testId="screen-copyTrading" />;
}
