/** The spot screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  trade: () => import('./routes/TradeScreen'),
  search: () => import('./routes/SearchScreen'),
};
