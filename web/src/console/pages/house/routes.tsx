// The house page for the console's router and menu (see routes-extra.tsx),
// loaded when first opened. Its books' calls ask readAudit; funding the
// finance house, shown on it, asks reviewFunds.
import { lazy, Suspense } from 'react';
import type { ConsoleRoute } from '../../routes-extra';
import { Loading } from '../../layout/ui';

const HousePage = lazy(() => import('./HousePage').then((m) => ({ default: m.HousePage })));

export const houseRoutes: ConsoleRoute[] = [
  {
    path: 'house',
    menuKey: 'house.menu',
    permission: 'readAudit',
    element: (
      <Suspense fallback={<Loading />}>
        <HousePage />
      </Suspense>
    ),
  },
];
