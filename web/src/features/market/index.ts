/** The market screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  marketDetail: () => import('./routes/MarketDetailScreen'),
};

export { getKline } from './api';
export { ChangeBadge, CoinLogo, CoinRows, percentSign, toneClass } from './components';
export { livePriceOf, useLiveDetails, useLivePrice, useLiveTicks, type LiveTick } from './live';
export { useCoinList, useSymbolList, useTicker, useTickers, useWatchlist } from './queries';
export { allMarkets, searchMarkets } from './search';
export { coinLabel, displaySymbol, streamSymbol } from './symbol';
export type { Candle, CoinItem, CoinList, Interval, SymbolRow, Ticker } from './types';
