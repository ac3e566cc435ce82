/** The spot screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  trade: () => import('./routes/TradeScreen'),
  search: () => import('./routes/SearchScreen'),
};

/** The trade screen's tabs and their order from PLAYING_SETTING (Markets lists products in the same order). */
export { defaultTradeTab, tradeTabs, type PlayingEntry, type TradeTab } from './components/trade-tabs';
