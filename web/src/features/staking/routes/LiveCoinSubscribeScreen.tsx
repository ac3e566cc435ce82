import { EmptyProductScreen } from '@/shared/ui';

export default function LiveCoinSubscribeScreen() {
  return <EmptyProductScreen title="livecoinSubscribe_title" empty="livecoinSubscribe_empty" icon="chart" testId="screen-liveCoinSubscribe" />;
}
