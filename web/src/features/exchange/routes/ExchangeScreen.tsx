import { EmptyProductScreen } from '@/shared/ui';

export default function ExchangeScreen() {
  return <EmptyProductScreen title="exchange_title" empty="exchange_empty" icon="trade" testId="screen-exchange" />;
}
