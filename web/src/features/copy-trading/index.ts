/** The copy-trading screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  flowOrder: () => import('./routes/FlowOrderScreen'),
  flowOrderConfirm: () => import('./routes/FlowOrderConfirmScreen'),
  flowOrderMine: () => import('./routes/FlowOrderMineScreen'),
  flowOrderApply: () => import('./routes/FlowOrderApplyScreen'),
  flowOrderTrader: () => import('./routes/FlowOrderTraderScreen'),
};
