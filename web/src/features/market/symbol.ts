import type { CoinItem } from './types';

/** Flags arrive as numbers or numeric strings. */
const is = (flag: unknown, value: number) => flag !== null && flag !== undefined && String(flag) === String(value);

/** The pair name to show: showSymbol when customizeFlag is 2, else symbol (spec 3). */
export function displaySymbol(item: Pick<CoinItem, 'symbol' | 'showSymbol' | 'customizeFlag' | 'coin'>): string {
  if (is(item.customizeFlag, 2) && item.showSymbol) return item.showSymbol;
  return item.symbol || item.showSymbol || `${item.coin}/USDT`;
}

/** The coin code: market mt5 keeps its case, every other market is lower-cased (spec 3). */
export function displayCoin(item: Pick<CoinItem, 'coin' | 'market'>): string {
  const coin = item.coin ?? '';
  return item.market === 'mt5' ? coin : coin.toLowerCase();
}

/** coinType 3 needs a per-coin 24 h volume lookup (spec 3). */
export function needsVolumeLookup(item: Pick<CoinItem, 'coinType'>): boolean {
  return is(item.coinType, 3);
}

/**
 * The socket/REST stream key of a coin, e.g. `btcusdt`: its symbol lower-cased with
 * separators dropped (`BTC/USDT` -> `btcusdt`), or `{coin}usdt` when it has none.
 */
export function streamSymbol(item: Pick<CoinItem, 'coin' | 'symbol'> | string): string {
  if (typeof item === 'string') return item.toLowerCase().replace(/[^a-z0-9]/g, '');
  const raw = item.symbol || `${item.coin}usdt`;
  return raw.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Upper-case coin for headings (BTC), unless the market keeps case. */
export function coinLabel(item: Pick<CoinItem, 'coin' | 'market'>): string {
  const coin = displayCoin(item);
  return item.market === 'mt5' ? coin : coin.toUpperCase();
}
