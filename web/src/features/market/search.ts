import { displaySymbol, streamSymbol } from './symbol';
import type { CoinItem, CoinList } from './types';

/** Every market once (coins, spot pairs, futures pairs), keyed by stream symbol. */
export function allMarkets(list: CoinList | undefined): CoinItem[] {
  if (!list) return [];
  const seen = new Set<string>();
  const out: CoinItem[] = [];
  for (const item of [...list.coinList, ...list.currencyList, ...list.contractList]) {
    if (!item?.coin) continue;
    const key = streamSymbol(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Coins and pairs whose coin, symbol or shown symbol contains the query, case-insensitive. */
export function searchMarkets(list: CoinList | undefined, query: string): CoinItem[] {
  const markets = allMarkets(list);
  const q = query.trim().toLowerCase();
  if (!q) return markets;
  const compact = q.replace(/[^a-z0-9]/g, '');
  return markets.filter((item) => {
    const fields = [item.coin, item.symbol, item.showSymbol, displaySymbol(item)].filter(Boolean).map((f) => String(f).toLowerCase());
    return fields.some((f) => f.includes(q) || (compact && f.replace(/[^a-z0-9]/g, '').includes(compact)));
  });
}
