/**
 * Exact numbers at each asset's and pair's own precision: the one formatter the
 * app (through shared/format/precision, in its interface language) and the
 * operator console (console/format.ts, in its own) both use. Pure: English
 * without a locale.
 *
 * The precision comes from the rules the server trades by (the spot pair's
 * catalogue row, `currencyList`):
 *
 * - a price is shown at the pair's tick (`basePrecision` decimals): BTC/USDT at
 *   0.01 shows 95,014.12, never 95,014.1234 nor 95,014;
 * - a quantity of the coin at the pair's lot (`coinPrecision`): padded to it, and
 *   any finer digit kept (a record or a fee never loses money);
 * - a balance likewise: at least the lot's decimals, up to the ledger's own scale
 *   (8, what the ledger books for every asset), cut and never rounded up. A
 *   balance is never cut to the lot so that it looks smaller than it is
 *   (0.000999 BTC shows 0.000999, not 0.0009).
 *
 * Every figure stays a decimal (decimal.js), never a float; the separators are
 * the language's (formatDecimal, Latin digits).
 */
import Decimal from 'decimal.js';
import { formatDecimal, type DecimalText } from './decimal-format';

/** What the ledger books for any asset (the server's `LEDGER_DP`). */
export const LEDGER_SCALE = 8;
/** USDT's display decimals for values and amounts. */
export const USDT_SCALE = 2;

/** A spot pair's display rules: decimals of its price tick and of its lot. */
export interface PairScales {
  price: number;
  qty: number;
}

/** A pair row as the catalogue sends it (`basePrecision`, `coinPrecision`). */
export interface PairPrecisionRow {
  basePrecision?: unknown;
  coinPrecision?: unknown;
}

/** A scale from the API: a whole number 0..18, else null. */
export function validScale(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= 18 ? n : null;
}

/** The pair's scales, or null when its row does not carry valid ones. */
export function pairScales(row: PairPrecisionRow | null | undefined): PairScales | null {
  const price = validScale(row?.basePrecision);
  const qty = validScale(row?.coinPrecision);
  return price === null || qty === null ? null : { price, qty };
}

/** A price at the pair's tick: exactly `price` decimals, cut. */
export function formatPriceAt(value: DecimalText, pair: PairScales, locale?: string): string {
  return formatDecimal(value, { minScale: pair.price, maxScale: pair.price, locale });
}

/** An amount that happened (an order, a fill, a fee) at `scale`: padded, never cut. */
export function formatAmountAt(value: DecimalText, scale: number, locale?: string, sign?: 'auto' | 'always'): string {
  return formatDecimal(value, { minScale: scale, locale, sign });
}

/** A balance: at least `scale` decimals, at most the ledger's, cut toward zero (never shown above what it is). */
export function formatBalanceAt(value: DecimalText, scale: number, locale?: string): string {
  return formatDecimal(value, { minScale: scale, maxScale: Math.max(scale, LEDGER_SCALE), locale });
}

/** A USDT value (a total, a valuation): 2 decimals, cut. */
export function formatUsdtValue(value: DecimalText, locale?: string, sign?: 'auto' | 'always'): string {
  return formatDecimal(value, { maxScale: USDT_SCALE, minScale: USDT_SCALE, locale, sign });
}

export interface RateText {
  /** The asset one of which is priced. */
  base: string;
  /** The asset the price is in. */
  quote: string;
  /** The figure, formatted. */
  price: string;
}

/**
 * An exchange rate "to per one from" as people read it: the coin priced in USDT
 * at its pair's tick ("1 BTC ≈ 95,014.12 USDT" rather than "1 USDT ≈
 * 0.00001052464 BTC"). Turned around, the figure is rounded up, so the shown
 * price is never below what the rate charges per coin. Between two coins (no
 * USDT side) the rate as quoted, at the ledger's scale. Null for a rate that is
 * not a positive decimal.
 */
export function formatRate(rate: DecimalText, from: string, to: string, scaleOf: (coin: string) => PairScales | null, locale?: string): RateText | null {
  let r: Decimal;
  try {
    r = new Decimal(rate instanceof Decimal ? rate : String(rate ?? ''));
  } catch {
    return null;
  }
  if (!r.isFinite() || r.lte(0)) return null;
  const f = from.toUpperCase();
  const t = to.toUpperCase();
  if (f === 'USDT' && t !== 'USDT') {
    const scale = scaleOf(t)?.price ?? USDT_SCALE;
    const price = new Decimal(1).div(r).toDecimalPlaces(scale, Decimal.ROUND_UP);
    return { base: t, quote: f, price: formatDecimal(price, { minScale: scale, maxScale: scale, locale }) };
  }
  if (t === 'USDT') {
    const scale = scaleOf(f)?.price ?? USDT_SCALE;
    return { base: f, quote: t, price: formatDecimal(r, { minScale: scale, maxScale: scale, locale }) };
  }
  return { base: f, quote: t, price: formatDecimal(r, { maxScale: LEDGER_SCALE, locale }) };
}

/** A spot pair row of the catalogue: its coin and its scales. */
export interface CataloguePair extends PairPrecisionRow {
  coin?: unknown;
}

/** Upper-case coin to its USDT spot pair's scales (the first valid row of a coin). */
export function pairScalesByCoin(pairs: readonly CataloguePair[]): Record<string, PairScales> {
  const out: Record<string, PairScales> = {};
  for (const p of pairs) {
    const coin = typeof p.coin === 'string' ? p.coin.toUpperCase() : '';
    const s = pairScales(p);
    if (coin && s && !(coin in out)) out[coin] = s;
  }
  return out;
}
