import { EmptyProductScreen } from '@/shared/ui';

export default function FlashExchangeScreen() {
  return <EmptyProductScreen title="flashExchange_title" empty="exchange_empty" icon="trade" testId="screen-flashExchange" />;
}
