import { EmptyProductScreen } from '@/shared/ui';

export default function TradeScreen() {
  return <EmptyProductScreen title="trade_title" empty="trade_empty" icon="trade" testId="screen-trade" back={false} />;
}
