import { useState } from 'react';
import { PagedList } from '@/shared/ui/PagedList';
import { getFinanceOrders, getStakingOrders, type EarnOrder } from '../api';
import { earnOrdersKey } from '../hooks';
import { OrderCard } from './OrderCard';
import { RedeemSheet } from './RedeemSheet';

/** The caller's orders of one kind (1 finance, 2 staking), paged, newest first, each redeemable early by its rule. */
export function EarnOrders({ type, enabled = true }: { type: 1 | 2; enabled?: boolean }) {
  const [redeeming, setRedeeming] = useState<EarnOrder | null>(null);
  return (
    <>
      <PagedList<EarnOrder>
        queryKey={earnOrdersKey(type)}
        fetchPage={type === 1 ? getFinanceOrders : getStakingOrders}
        renderItem={(o) => <OrderCard order={o} onRedeem={setRedeeming} />}
        itemKey={(o) => o.id}
        testId={`earn-orders-${type}`}
        enabled={enabled}
      />
      {redeeming ? <RedeemSheet key={redeeming.id} order={redeeming} onClose={() => setRedeeming(null)} /> : null}
    </>
  );
}
