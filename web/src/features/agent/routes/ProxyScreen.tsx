import { EmptyProductScreen } from '@/shared/ui';

export default function ProxyScreen() {
  return <EmptyProductScreen title="proxy_title" empty="proxy_empty" icon="proxy" testId="screen-proxy" />;
}
