import Decimal from 'decimal.js';

/** Amounts arrive as decimal strings; never parse them into JS floats. */
export type DecimalInput = string | number | Decimal | null | undefined;

function toDecimal(value: DecimalInput): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Fixed decimals, truncated (rounded down) by default (spec 9). */
export function formatAmount(value: DecimalInput, decimals = 2, rounding: Decimal.Rounding = Decimal.ROUND_DOWN): string {
  const d = toDecimal(value);
  if (!d) return '--';
  return d.toFixed(decimals, rounding);
}

/** Price display by magnitude (spec 9). */
export function formatPrice(value: DecimalInput): string {
  const d = toDecimal(value);
  if (!d) return '--';
  const abs = d.abs();
  if (abs.isZero()) return '0.00';
  if (abs.lt('0.00001')) return d.toSignificantDigits(6, Decimal.ROUND_DOWN).toFixed();
  if (abs.lt('0.001')) return d.toSignificantDigits(4, Decimal.ROUND_DOWN).toFixed();
  if (abs.lt(10)) return d.toFixed(6, Decimal.ROUND_DOWN);
  if (abs.lt(100)) return d.toFixed(4, Decimal.ROUND_DOWN);
  return d.toFixed(2, Decimal.ROUND_DOWN);
}

/** Percent change with 2 decimals and a sign. */
export function formatPercent(value: DecimalInput): string {
  const d = toDecimal(value);
  if (!d) return '--';
  const s = d.toFixed(2, Decimal.ROUND_DOWN);
  return d.gt(0) ? `+${s}%` : `${s}%`;
}

const UNITS: [string, string][] = [
  ['1e12', 'T'],
  ['1e9', 'B'],
  ['1e6', 'M'],
  ['1e3', 'K'],
];

/** Compact numbers: K, M, B, T at 1e3, 1e6, 1e9, 1e12 (spec 9). */
export function formatCompact(value: DecimalInput, decimals = 2): string {
  const d = toDecimal(value);
  if (!d) return '--';
  for (const [threshold, unit] of UNITS) {
    if (d.abs().gte(threshold)) return `${d.div(threshold).toFixed(decimals, Decimal.ROUND_DOWN)}${unit}`;
  }
  return d.toFixed(decimals, Decimal.ROUND_DOWN);
}

export function compareDecimal(a: DecimalInput, b: DecimalInput): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!x || !y) return 0;
  return x.cmp(y);
}
