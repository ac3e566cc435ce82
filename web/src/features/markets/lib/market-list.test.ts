import type { LiveTick, CoinItem, CoinList, Ticker } from '@/features/market';
import { buildRows, filterRows, nextSort, parseSort, productItems, sortRows, tradeHref, type MarketRow } from './market-list';

const ticker = (coin: string, close: string, openPrice: string, volume2: string): Ticker =>
  ({ coin, symbol: `${coin}usdt`, close, openPrice, volume2, volume: '1', change: '0', priceChangePercent: '0', high24: close, low24: close, high: close, low: close }) as Ticker;

const coins: CoinItem[] = [
  { coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', customizeFlag: 2, amount: '90000', open: '88000' },
  { coin: 'eth', symbol: 'ethusdt', showSymbol: 'ETH/USDT', customizeFlag: 2, amount: '3000', open: '3100' },
  { coin: 'doge', symbol: 'dogeusdt', showSymbol: 'DOGE/USDT', customizeFlag: 2, amount: '0', open: '0' },
];
const tickers: Record<string, Ticker> = {
  btc: ticker('btc', '91000', '90000', '150000000.5'),
  eth: ticker('eth', '2900', '3000', '9000000'),
};

function rows(): MarketRow[] {
  return buildRows('secondContract', coins, tickers, undefined);
}

describe('market rows', () => {
  it('take price, change and USDT turnover from the ticker, exactly', () => {
    const [btc, eth, doge] = rows();
    expect(btc).toMatchObject({ name: 'BTC/USDT', symbol: 'btcusdt', price: '91000', turnover: '150000000.5', live: false, href: '/flash?symbol=btcusdt' });
    expect(btc.percent?.toFixed()).toBe('1.1111111111111111111');
    expect(eth.percent?.isNegative()).toBe(true);
    // "0" from the catalogue means no price yet, not a price of zero.
    expect(doge).toMatchObject({ price: undefined, turnover: undefined, percent: null });
  });

  it('prefer the latest live tick (24 h open and quote volume of DETAIL)', () => {
    const live: Record<string, LiveTick> = { btcusdt: { close: '99000', open: '90000', quoteVolume: '2' } };
    const [btc] = buildRows('secondContract', coins, tickers, live);
    expect(btc).toMatchObject({ price: '99000', turnover: '2', live: true });
    expect(btc.percent?.toFixed()).toBe('10');
  });

  it('name spot pairs COIN/USDT, show a futures pair its top leverage, and link each to its trade screen', () => {
    const list: CoinList = {
      coinList: coins,
      currencyList: [{ coin: 'btc', symbol: 'btcusdt' }],
      contractList: [{ coin: 'eth', symbol: 'ethusdt', showSymbol: 'ETH/USDT', leverage: '5,10,20' }],
      optionList: [],
    };
    const [spot] = buildRows('spot', productItems(list, 'spot'), tickers, undefined, { btc: '/logo/btc.png' });
    expect(spot).toMatchObject({ name: 'BTC/USDT', logo: '/logo/btc.png', href: '/trade?tab=BBTrading&symbol=btcusdt' });
    const [fut] = buildRows('futures', productItems(list, 'futures'), tickers, undefined);
    expect(fut).toMatchObject({ name: 'ETH/USDT', maxLeverage: '20', href: '/contract?symbol=ethusdt' });
    expect(productItems(undefined, 'spot')).toEqual([]);
    expect(tradeHref('secondContract', 'solusdt')).toBe('/flash?symbol=solusdt');
  });
});

describe('search', () => {
  it('matches pair, coin or symbol, case-insensitive, with or without separators', () => {
    const names = (q: string) => filterRows(rows(), q).map((r) => r.coin);
    expect(names('')).toEqual(['btc', 'eth', 'doge']);
    expect(names('ETH')).toEqual(['eth']);
    expect(names('btc/us')).toEqual(['btc']);
    expect(names('dogeusdt')).toEqual(['doge']);
    expect(names('doge usdt')).toEqual(['doge']);
    expect(names('  e ')).toEqual(['eth', 'doge']);
    expect(names('zzz')).toEqual([]);
  });
});

describe('sorting', () => {
  const order = (key: 'name' | 'price' | 'change' | 'turnover', dir: 'asc' | 'desc') => sortRows(rows(), { key, dir }).map((r) => r.coin);

  it('by name, price, 24 h change and turnover, both ways; missing figures last either way', () => {
    expect(order('name', 'asc')).toEqual(['btc', 'doge', 'eth']);
    expect(order('name', 'desc')).toEqual(['eth', 'doge', 'btc']);
    expect(order('price', 'desc')).toEqual(['btc', 'eth', 'doge']);
    expect(order('price', 'asc')).toEqual(['eth', 'btc', 'doge']);
    expect(order('change', 'desc')).toEqual(['btc', 'eth', 'doge']);
    expect(order('change', 'asc')).toEqual(['eth', 'btc', 'doge']);
    expect(order('turnover', 'desc')).toEqual(['btc', 'eth', 'doge']);
    expect(order('turnover', 'asc')).toEqual(['eth', 'btc', 'doge']);
  });

  it('compares decimals, not text or floats', () => {
    const items: CoinItem[] = [
      { coin: 'a', symbol: 'ausdt', amount: '9.5', open: '9' },
      { coin: 'b', symbol: 'busdt', amount: '10.25', open: '10' },
      { coin: 'c', symbol: 'cusdt', amount: '0.30000000000000001', open: '0.3' },
      { coin: 'd', symbol: 'dusdt', amount: '0.3', open: '0.3' },
    ];
    const r = buildRows('spot', items, undefined, undefined);
    expect(sortRows(r, { key: 'price', dir: 'desc' }).map((x) => x.coin)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('keeps the catalogue order without a sort and for ties', () => {
    const r = rows();
    expect(sortRows([...r].reverse(), null).map((x) => x.coin)).toEqual(['btc', 'eth', 'doge']);
    const tied = buildRows('spot', [{ coin: 'x', symbol: 'xusdt', amount: '1' }, { coin: 'y', symbol: 'yusdt', amount: '1' }], undefined, undefined);
    expect(sortRows(tied, { key: 'price', dir: 'desc' }).map((x) => x.coin)).toEqual(['x', 'y']);
    expect(sortRows(tied, { key: 'price', dir: 'asc' }).map((x) => x.coin)).toEqual(['x', 'y']);
  });

  it('a header tap sorts, then reverses, then goes back to the catalogue order', () => {
    expect(nextSort(null, 'price')).toEqual({ key: 'price', dir: 'desc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort({ key: 'price', dir: 'asc' }, 'price')).toBeNull();
    expect(nextSort(null, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'turnover')).toEqual({ key: 'turnover', dir: 'desc' });
  });

  it('reads the sort from the URL, ignoring unknown values', () => {
    expect(parseSort('change', 'asc')).toEqual({ key: 'change', dir: 'asc' });
    expect(parseSort('turnover', null)).toEqual({ key: 'turnover', dir: 'desc' });
    expect(parseSort('volume', 'asc')).toBeNull();
    expect(parseSort(null, 'asc')).toBeNull();
  });
});
