// The queues' pages for the console's router and menu (see routes-extra.tsx).
// Each page is its own chunk, loaded when first opened.
import { lazy, Suspense } from 'react';
import type { ConsoleRoute } from '../../routes-extra';

const KycQueuePage = lazy(() => import('./KycQueuePage'));
const DepositQueuePage = lazy(() => import('./DepositQueuePage'));
const WithdrawalQueuePage = lazy(() => import('./WithdrawalQueuePage'));

export const queueRoutes: ConsoleRoute[] = [
  {
    path: 'queues/kyc',
    menuKey: 'queues.menu.kyc',
    permission: 'reviewKyc',
    element: (
      <Suspense fallback={null}>
        <KycQueuePage />
      </Suspense>
    ),
  },
  {
    path: 'queues/deposits',
    menuKey: 'queues.menu.deposits',
    permission: 'reviewFunds',
    element: (
      <Suspense fallback={null}>
        <DepositQueuePage />
      </Suspense>
    ),
  },
  {
    path: 'queues/withdrawals',
    menuKey: 'queues.menu.withdrawals',
    permission: 'reviewFunds',
    element: (
      <Suspense fallback={null}>
        <WithdrawalQueuePage />
      </Suspense>
    ),
  },
];
