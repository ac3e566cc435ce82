import { lazy } from 'react';

/** The futures screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  futures: () => import('./routes/FuturesScreen'),
};

export { closePosition, type ContractPosition } from './api';
export { FUTURES_KEY } from './hooks';

/**
 * The futures panel (the trade screen's USDT-M tab), loaded when first shown:
 * features that only use futures' calls (copy trading closes a copy) do not
 * download it. Render it inside a Suspense boundary.
 */
export const FuturesPanel = lazy(() =>
  import('./components/FuturesPanel').then((m) => ({ default: m.FuturesPanel })),
);
