import { EmptyProductScreen } from '@/shared/ui';

export default function LiveCoinScreen() {
  return <EmptyProductScreen title="livecoin_title" empty="livecoin_empty" icon="chart" testId="screen-liveCoin" />;
}
