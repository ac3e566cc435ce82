import { EmptyProductScreen } from '@/shared/ui';

export default function ProxyEarningsScreen() {
  return <EmptyProductScreen title="proxyEarnings_title" empty="proxyEarnings_empty" icon="chart" testId="screen-proxyEarnings" />;
}
