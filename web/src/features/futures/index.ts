/** The futures screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  futures: () => import('./routes/FuturesScreen'),
};

export { closePosition, type ContractPosition } from './api';
export { FuturesPanel } from './components/FuturesPanel';
export { FUTURES_KEY } from './hooks';
