import { EmptyProductScreen } from '@/shared/ui';

export default function RechargeScreen() {
  return <EmptyProductScreen title="recharge_title" empty="recharge_empty" icon="recharge" testId="screen-recharge" />;
}
