import Decimal from 'decimal.js';
import { localizeNumberText } from './decimal-format';

/** Amounts arrive as decimal strings; never parse them into JS floats. */
export type DecimalInput = string | number | Decimal | null | undefined;

export function toDecimal(value: DecimalInput): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * Every formatter here keeps the spec's digits and writes them in the interface
 * language (grouping, decimal separator: "67,321.98" in English, "67.321,98" in
 * German; see decimal-format). Amounts of a coin go through shared/format/money.
 */

/** Fixed decimals, truncated (rounded down) by default (spec 9). */
export function formatAmount(value: DecimalInput, decimals = 2, rounding: Decimal.Rounding = Decimal.ROUND_DOWN): string {
  const d = toDecimal(value);
  if (!d) return '--';
  return localizeNumberText(d.toFixed(decimals, rounding));
}

/**
 * Display by magnitude (spec 9), always truncated (rounded toward zero, never up):
 *
 * | |value|            | price (formatPrice)   | generic (formatNumber) |
 * |--------------------|-----------------------|------------------------|
 * | < 0.00001          | 6 significant digits  | 6 significant digits   |
 * | < 0.0001           | 4 significant digits  | 2 significant digits   |
 * | < 0.001            | 4 significant digits  | 2 significant digits   |
 * | < 10               | 6 decimals            | 6 decimals             |
 * | < 100              | 4 decimals            | 4 decimals             |
 * | otherwise          | 2 decimals            | 2 decimals             |
 *
 * The spec's "below 0.001 two or four" is read as: four significant digits for
 * prices, two for the generic formatter - the same split the spec states for the
 * band just below it ("four (2 for the generic formatter)"). Decimals would make no
 * sense there (two decimals would print every such price as 0.00).
 * See docs/decisions/0005-price-formatting.md.
 */
function byMagnitude(value: DecimalInput, smallSignificant: number): string {
  const d = toDecimal(value);
  if (!d) return '--';
  const abs = d.abs();
  if (abs.isZero()) return '0.00';
  if (abs.lt('0.00001')) return d.toSignificantDigits(6, Decimal.ROUND_DOWN).toFixed();
  if (abs.lt('0.001')) return d.toSignificantDigits(smallSignificant, Decimal.ROUND_DOWN).toFixed();
  if (abs.lt(10)) return d.toFixed(6, Decimal.ROUND_DOWN);
  if (abs.lt(100)) return d.toFixed(4, Decimal.ROUND_DOWN);
  return d.toFixed(2, Decimal.ROUND_DOWN);
}

/** Price display by magnitude (spec 9): 4 significant digits below 0.001. */
export function formatPrice(value: DecimalInput): string {
  return localizeNumberText(byMagnitude(value, 4));
}

/** The generic number formatter (spec 9): as prices, but 2 significant digits below 0.001. */
export function formatNumber(value: DecimalInput): string {
  return localizeNumberText(byMagnitude(value, 2));
}

/** Percent change with 2 decimals and a sign. */
export function formatPercent(value: DecimalInput): string {
  const d = toDecimal(value);
  if (!d) return '--';
  const t = d.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (t.isZero()) return localizeNumberText('0.00%');
  const s = t.toFixed(2);
  return localizeNumberText(t.gt(0) ? `+${s}%` : `${s}%`);
}

const UNITS: [string, string][] = [
  ['1e12', 'T'],
  ['1e9', 'B'],
  ['1e6', 'M'],
  ['1e3', 'K'],
];

/**
 * Percent change of a live tick (spec 9): 2 decimals, and an absolute change below
 * 0.01 is shown as 0.01 (keeping its sign; no change at all also shows +0.01%, as the
 * rule is stated without an exception for zero).
 */
export function formatTickPercent(value: DecimalInput): string {
  const d = toDecimal(value);
  if (!d) return '--';
  if (d.abs().lt('0.01')) return localizeNumberText(d.isNegative() && !d.isZero() ? '-0.01%' : '+0.01%');
  return formatPercent(d);
}

/** Percent change from open to close, exact: (close - open) / open * 100; null when open is 0 or missing. */
export function changePercent(open: DecimalInput, close: DecimalInput): Decimal | null {
  const o = toDecimal(open);
  const c = toDecimal(close);
  if (!o || !c || o.isZero()) return null;
  return c.minus(o).div(o).times(100);
}

/** -1, 0 or 1: the direction that picks the up (green) or down (red) colour. */
export function direction(value: DecimalInput): -1 | 0 | 1 {
  const d = toDecimal(value);
  if (!d || d.isZero()) return 0;
  return d.isNegative() ? -1 : 1;
}

/** Compact numbers: K, M, B, T at 1e3, 1e6, 1e9, 1e12 (spec 9). */
export function formatCompact(value: DecimalInput, decimals = 2): string {
  const d = toDecimal(value);
  if (!d) return '--';
  for (const [threshold, unit] of UNITS) {
    if (d.abs().gte(threshold)) return localizeNumberText(`${d.div(threshold).toFixed(decimals, Decimal.ROUND_DOWN)}${unit}`);
  }
  return localizeNumberText(d.toFixed(decimals, Decimal.ROUND_DOWN));
}

export function compareDecimal(a: DecimalInput, b: DecimalInput): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!x || !y) return 0;
  return x.cmp(y);
}
