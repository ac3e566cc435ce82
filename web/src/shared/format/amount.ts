import Decimal from 'decimal.js';
import { toDecimal, type DecimalInput } from '@/shared/format/number';

export type AmountError =
  | { kind: 'empty' }
  | { kind: 'format' }
  | { kind: 'positive' }
  | { kind: 'precision'; scale: number }
  | { kind: 'min'; min: string }
  | { kind: 'max'; max: string }
  | { kind: 'balance'; available: string }
  /** Beyond what the server computes exactly (20 whole digits, or the engine's units). */
  | { kind: 'tooLarge' };

export type AmountCheck = { ok: true; value: Decimal } | { ok: false; error: AmountError };

export interface AmountRules {
  /** Most decimals allowed (the coin's precision); absent means no limit. */
  scale?: number | null;
  /** Inclusive minimum. */
  min?: DecimalInput;
  /** Inclusive maximum. */
  max?: DecimalInput;
  /** What the user holds; the amount may not exceed it. */
  available?: DecimalInput;
}

const PLAIN_DECIMAL = /^(\d+)(\.(\d*))?$|^\.(\d+)$/;

/** Whole digits the server takes in any amount or price (below 10^20). */
export const WHOLE_DIGITS_MAX = 20;

/** Digits after the point as typed (trailing zeros count: the server sees the same string). */
export function decimalsOf(input: string): number {
  const dot = input.indexOf('.');
  return dot < 0 ? 0 : input.length - dot - 1;
}

/**
 * Check a typed amount with decimal.js (never floats), in the order the server
 * checks them: format, precision, minimum, maximum, then the balance.
 */
export function validateAmount(raw: string, rules: AmountRules = {}): AmountCheck {
  const input = raw.trim();
  if (input === '') return { ok: false, error: { kind: 'empty' } };
  if (!PLAIN_DECIMAL.test(input)) return { ok: false, error: { kind: 'format' } };
  const value = new Decimal(input);
  if (value.lte(0)) return { ok: false, error: { kind: 'positive' } };
  if (value.gte(new Decimal(10).pow(WHOLE_DIGITS_MAX))) return { ok: false, error: { kind: 'tooLarge' } };
  if (rules.scale !== undefined && rules.scale !== null && decimalsOf(input) > rules.scale) {
    return { ok: false, error: { kind: 'precision', scale: rules.scale } };
  }
  const min = toDecimal(rules.min);
  if (min && value.lt(min)) return { ok: false, error: { kind: 'min', min: min.toFixed() } };
  const max = toDecimal(rules.max);
  if (max && max.gt(0) && value.gt(max)) return { ok: false, error: { kind: 'max', max: max.toFixed() } };
  const available = toDecimal(rules.available);
  if (available && value.gt(available)) return { ok: false, error: { kind: 'balance', available: available.toFixed() } };
  return { ok: true, value };
}

/** Keep only what an amount field may hold while typing: digits and one point. */
export function sanitizeAmountInput(raw: string): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/** The whole balance as an amount the rules accept: truncated to `scale` decimals. */
export function allAmount(available: DecimalInput, scale?: number | null): string {
  const d = toDecimal(available);
  if (!d || d.lte(0)) return '';
  return (scale === undefined || scale === null ? d : d.toDecimalPlaces(scale, Decimal.ROUND_DOWN)).toFixed();
}
