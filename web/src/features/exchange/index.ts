/** The exchange screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  flashExchange: () => import('./routes/FlashExchangeScreen'),
  exchange: () => import('./routes/ExchangeScreen'),
};
