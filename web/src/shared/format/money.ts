/**
 * How much of a coin to show (spec 9: numbers are truncated by default):
 *
 * - USDT: 2 decimals, for values (totals, valuations) and USDT amounts alike;
 * - another coin: its own precision, the `coinPrecision` of its spot pair in the
 *   catalogue (the quantity step it trades in; 8, the ledger's, without a pair);
 * - a balance is cut to that (never rounded up: it never shows more than is there);
 * - an amount in a record (a posting, a fee) is never cut: it is padded to the
 *   coin's precision and keeps any finer digits, so no money disappears from a
 *   history (a fee of 0.000001 BTC shows, where a balance would say 0.0000).
 *
 * All of them go through formatDecimal (grouping and separators of the language).
 */
import { formatDecimal, type DecimalText } from './decimal-format';

export const USDT_SCALE = 2;
/** The ledger's precision: a coin without a spot pair. */
export const LEDGER_SCALE = 8;

export interface PairPrecision {
  coin: string;
  coinPrecision?: unknown;
}

/** A coin's display decimals; null while the catalogue is not loaded (the exact value shows then). */
export type ScaleOf = (coin: string) => number | null;

function validScale(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= 18 ? n : null;
}

/** Upper-case coin to its spot pair's quantity precision. */
export function coinScales(pairs: readonly PairPrecision[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of pairs) {
    const scale = validScale(p.coinPrecision);
    const coin = p.coin?.toUpperCase();
    if (coin && scale !== null && !(coin in out)) out[coin] = scale;
  }
  return out;
}

/** The scale lookup over a loaded catalogue (`scales`), or over none yet (null). */
export function scaleLookup(scales: Record<string, number> | null): ScaleOf {
  return (coin) => {
    const c = coin.toUpperCase();
    if (c === 'USDT') return USDT_SCALE;
    if (!scales) return null;
    return scales[c] ?? LEDGER_SCALE;
  };
}

export interface MoneyFormat {
  scaleOf: ScaleOf;
  /** A balance: cut to the coin's decimals and padded to them. */
  balance: (value: DecimalText, coin: string) => string;
  /** An amount that happened (a record, a fee, an order): padded to the coin's decimals, never cut. */
  amount: (value: DecimalText, coin: string, opts?: { sign?: 'auto' | 'always' }) => string;
  /** A USDT value: 2 decimals, cut. */
  usdt: (value: DecimalText, opts?: { sign?: 'auto' | 'always' }) => string;
}

export function moneyFormat(scaleOf: ScaleOf, locale?: string): MoneyFormat {
  return {
    scaleOf,
    balance: (value, coin) => {
      const scale = scaleOf(coin);
      return formatDecimal(value, scale === null ? { locale } : { maxScale: scale, minScale: scale, locale });
    },
    amount: (value, coin, opts) => formatDecimal(value, { minScale: scaleOf(coin) ?? 0, locale, sign: opts?.sign }),
    usdt: (value, opts) => formatDecimal(value, { maxScale: USDT_SCALE, minScale: USDT_SCALE, locale, sign: opts?.sign }),
  };
}
