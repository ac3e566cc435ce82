/** The finance screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  finance: () => import('./routes/FinanceScreen'),
  financeSubscribe: () => import('./routes/FinanceSubscribeScreen'),
};
