/**
 * How much of a coin to show (see precision.ts, the one formatter under these):
 *
 * - USDT values (totals, valuations): 2 decimals, cut;
 * - another coin: its own precision, the `coinPrecision` of its spot pair in the
 *   catalogue (the lot it trades in; the ledger's 8 without a pair);
 * - a balance: padded to that precision and never cut below the ledger's scale, so
 *   it never looks smaller than it is (0.000999 BTC, not 0.0009);
 * - an amount in a record (a posting, a fee) is never cut: it is padded to the
 *   coin's precision and keeps any finer digits, so no money disappears from a
 *   history.
 *
 * All of them go through formatDecimal (grouping and separators of the language).
 */
import type { DecimalText } from './decimal-format';
import { formatAmountAt, formatBalanceAt, formatUsdtValue, LEDGER_SCALE, USDT_SCALE, validScale } from './precision';
import { formatDecimal } from './decimal-format';

export { LEDGER_SCALE, USDT_SCALE };

export interface PairPrecision {
  coin: string;
  coinPrecision?: unknown;
}

/** A coin's display decimals; null while the catalogue is not loaded (the exact value shows then). */
export type ScaleOf = (coin: string) => number | null;

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
  /** A balance: padded to the coin's decimals, every digit the ledger holds kept (never shown smaller). */
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
      return scale === null ? formatDecimal(value, { locale }) : formatBalanceAt(value, scale, locale);
    },
    amount: (value, coin, opts) => formatAmountAt(value, scaleOf(coin) ?? 0, locale, opts?.sign),
    usdt: (value, opts) => formatUsdtValue(value, locale, opts?.sign),
  };
}
