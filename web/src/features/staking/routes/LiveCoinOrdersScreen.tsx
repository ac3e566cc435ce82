import { EmptyProductScreen } from '@/shared/ui';

export default function LiveCoinOrdersScreen() {
  return <EmptyProductScreen title="livecoinOrders_title" empty="livecoinOrders_empty" icon="doc" testId="screen-liveCoinOrders" />;
}
