/** The staking screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  liveCoin: () => import('./routes/LiveCoinScreen'),
  liveCoinSubscribe: () => import('./routes/LiveCoinSubscribeScreen'),
  liveCoinOrders: () => import('./routes/LiveCoinOrdersScreen'),
};
