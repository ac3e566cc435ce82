import type Decimal from 'decimal.js';
import { changePercent, toDecimal } from '@/shared/format/number';
import { paths } from '@/shared/config/paths';
import type { TradeTab } from '@/features/spot';
import { type LiveTick, coinLabel, displaySymbol, streamSymbol, type CoinItem, type CoinList, type Ticker } from '@/features/market';

/** The markets tab's three products; spot first when the settings say nothing. */
export const MARKET_PRODUCTS = ['spot', 'futures', 'secondContract'] as const;
export type MarketProduct = (typeof MARKET_PRODUCTS)[number];

const PRODUCT_OF_TAB: Partial<Record<TradeTab, MarketProduct>> = {
  BBTrading: 'spot',
  Ustandard: 'futures',
  secondContract: 'secondContract',
};

/**
 * The products in the trade screen's order (PLAYING_SETTING's sort, open ones
 * only), so Markets lists what /trade opens on first; all three, spot first,
 * before the settings name any.
 */
export function marketProducts(tabs: readonly TradeTab[]): MarketProduct[] {
  const out = tabs.flatMap((t) => {
    const p = PRODUCT_OF_TAB[t];
    return p ? [p] : [];
  });
  return out.length ? out : [...MARKET_PRODUCTS];
}

export function isMarketProduct(value: string | null | undefined): value is MarketProduct {
  return !!value && (MARKET_PRODUCTS as readonly string[]).includes(value);
}

/** Where each product's instruments come from in getCoinList. */
export function productItems(list: CoinList | undefined, product: MarketProduct): CoinItem[] {
  if (!list) return [];
  const items = product === 'secondContract' ? list.coinList : product === 'spot' ? list.currencyList : list.contractList;
  return (items ?? []).filter((i) => !!i?.coin);
}

export const SORT_KEYS = ['name', 'price', 'change', 'turnover'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';
export interface MarketSort {
  key: SortKey;
  dir: SortDir;
}

export interface MarketRow {
  /** product:symbol, unique in a list. */
  id: string;
  product: MarketProduct;
  /** Lower-case coin, e.g. btc. */
  coin: string;
  /** Stream symbol, e.g. btcusdt. */
  symbol: string;
  /** Shown pair, e.g. BTC/USDT. */
  name: string;
  /** Shown coin, e.g. BTC. */
  base: string;
  logo?: string;
  market?: string;
  /** Highest leverage of a futures pair, e.g. "100". */
  maxLeverage?: string;
  /** Last price (decimal string); undefined before the first price. */
  price?: string;
  /** Exact 24 h change in percent; null when unknown. */
  percent: Decimal | null;
  /** 24 h quote (USDT) turnover, decimal string. */
  turnover?: string;
  /** Whether the figures came from the live socket. */
  live: boolean;
  /** Position in the catalogue (the server's sort order). */
  order: number;
  /** The trade screen of this instrument. */
  href: string;
}

/** A positive decimal string, or undefined: the catalogue sends "0" before the first price. */
function positive(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const d = toDecimal(String(value));
  return d && d.gt(0) ? String(value) : undefined;
}

function nonNegative(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const d = toDecimal(String(value));
  return d && !d.isNegative() ? String(value) : undefined;
}

/**
 * The trade screen of an instrument, with the query the screens read: spot opens
 * /trade on its BBTrading tab with ?symbol=btcusdt (as SpotPanel reads it); second
 * contracts and futures open /flash and /contract with the same ?symbol=.
 */
export function tradeHref(product: MarketProduct, symbol: string): string {
  const s = encodeURIComponent(symbol);
  if (product === 'spot') return `${paths.trade}?tab=BBTrading&symbol=${s}`;
  if (product === 'secondContract') return `${paths.secondContracts}?symbol=${s}`;
  return `${paths.futures}?symbol=${s}`;
}

function maxLeverage(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let best: Decimal | null = null;
  for (const part of raw.split(',')) {
    const d = toDecimal(part.trim());
    if (d && d.gt(0) && (!best || d.gt(best))) best = d;
  }
  return best ? best.toFixed() : undefined;
}

function nameOf(product: MarketProduct, item: CoinItem): string {
  if (product === 'spot') return `${coinLabel(item)}/USDT`;
  if (product === 'futures' && typeof item.showSymbol === 'string' && item.showSymbol) return item.showSymbol.toUpperCase();
  return displaySymbol(item).toUpperCase();
}

/**
 * One row per instrument: price, 24 h change and 24 h USDT turnover from the latest
 * live tick when there is one, else the REST ticker, else the catalogue's own
 * amount/open. Prices stay decimal strings; the change is computed exactly.
 */
export function buildRows(
  product: MarketProduct,
  items: CoinItem[],
  tickers: Record<string, Ticker> | undefined,
  live: Record<string, LiveTick> | undefined,
  logos?: Record<string, string | undefined>,
): MarketRow[] {
  const seen = new Set<string>();
  const rows: MarketRow[] = [];
  items.forEach((item, order) => {
    const symbol = streamSymbol(item);
    if (seen.has(symbol)) return;
    seen.add(symbol);
    const coin = item.coin.toLowerCase();
    const ticker = tickers?.[coin];
    const tick = live?.[symbol];
    const price = positive(tick?.close) ?? positive(ticker?.close) ?? positive(item.amount);
    const open = positive(tick?.open) ?? positive(ticker?.openPrice) ?? positive(item.open);
    const turnover = nonNegative(tick?.quoteVolume) ?? nonNegative(ticker?.volume2) ?? nonNegative(ticker?.volume24);
    rows.push({
      id: `${product}:${symbol}`,
      product,
      coin,
      symbol,
      name: nameOf(product, item),
      base: coinLabel(item),
      logo: item.logo || logos?.[coin] || undefined,
      market: item.market,
      maxLeverage: product === 'futures' ? maxLeverage(item.leverage) : undefined,
      price,
      percent: changePercent(open, price),
      turnover,
      live: !!tick,
      order,
      href: tradeHref(product, symbol),
    });
  });
  return rows;
}

/** Rows whose pair, coin or symbol contains the query (case-insensitive; "btc/us", "BTCUSDT" and "btc usdt" all match). */
export function filterRows(rows: MarketRow[], query: string): MarketRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  const compact = q.replace(/[^a-z0-9]/g, '');
  return rows.filter((r) => {
    const fields = [r.name, r.coin, r.symbol, r.base].map((f) => f.toLowerCase());
    return fields.some((f) => f.includes(q) || (!!compact && f.replace(/[^a-z0-9]/g, '').includes(compact)));
  });
}

function valueOf(row: MarketRow, key: Exclude<SortKey, 'name'>): Decimal | null {
  if (key === 'change') return row.percent;
  return toDecimal(key === 'price' ? row.price : row.turnover);
}

/**
 * Rows in the chosen order; without a sort, the catalogue's order. Rows missing the
 * sorted figure go last whatever the direction; ties keep the catalogue's order.
 */
export function sortRows(rows: MarketRow[], sort: MarketSort | null): MarketRow[] {
  const out = [...rows];
  if (!sort) return out.sort((a, b) => a.order - b.order);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return out.sort((a, b) => {
    let cmp: number;
    if (sort.key === 'name') {
      const x = a.name.toLowerCase();
      const y = b.name.toLowerCase();
      cmp = x < y ? -1 : x > y ? 1 : 0;
    } else {
      const x = valueOf(a, sort.key);
      const y = valueOf(b, sort.key);
      if (!x && !y) cmp = 0;
      else if (!x) return 1;
      else if (!y) return -1;
      else cmp = x.cmp(y);
    }
    return cmp * sign || a.order - b.order;
  });
}

/** The first direction of a column: names A to Z, figures largest first. */
export function firstDir(key: SortKey): SortDir {
  return key === 'name' ? 'asc' : 'desc';
}

/** A tap on a column header: sort by it, then the other way, then back to the catalogue's order. */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort | null {
  if (!current || current.key !== key) return { key, dir: firstDir(key) };
  if (current.dir === firstDir(key)) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** ?sort=turnover&dir=desc, ignoring anything else. */
export function parseSort(key: string | null, dir: string | null): MarketSort | null {
  if (!key || !(SORT_KEYS as readonly string[]).includes(key)) return null;
  const d: SortDir = dir === 'asc' || dir === 'desc' ? dir : firstDir(key as SortKey);
  return { key: key as SortKey, dir: d };
}
