import { EmptyProductScreen } from '@/shared/ui';

export default function RechargeMethodScreen() {
  return <EmptyProductScreen title="rechargeMethod_title" empty="rechargeMethod_empty" icon="recharge" testId="screen-rechargeMethod" />;
}
