import { EmptyProductScreen } from '@/shared/ui';

export default function ProxyRecordsScreen() {
  return <EmptyProductScreen title="proxyRecords_title" empty="proxyRecords_empty" icon="doc" testId="screen-proxyRecords" />;
}
