/**
 * The earn maths the screens preview, with decimal.js (never floats), as the
 * server computes it (notes/earn-api.md): interest accrues per UTC day from
 * 00:00 UTC of the day after subscription, each day's interest rounded down
 * to 8 decimals; finance `amount × apr / 100 / 365`, staking
 * `amount × rate / 100` at the rate published for that day.
 */
import Decimal from 'decimal.js';
import type { RateEntry } from '../api';

export const DAY_MS = 86_400_000;
/** The ledger's decimals: amounts and each day's interest. */
export const EARN_SCALE = 8;
const DAYS_PER_YEAR = 365;
/** Enough significant digits for 20 whole digits times a rate, exactly: the default 20 would round. */
const D = Decimal.clone({ precision: 64 });

const down = (d: Decimal) => d.toDecimalPlaces(EARN_SCALE, Decimal.ROUND_DOWN);

/** A typed amount as a positive Decimal with at most 8 decimals; null otherwise. */
export function parseAmount(text: string): Decimal | null {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const d = new D(t);
  return d.gt(0) && d.decimalPlaces() <= EARN_SCALE ? d : null;
}

/** One day's finance interest: amount × apr / 100 / 365, rounded down to 8 dp. */
export function financeDaily(amount: Decimal.Value, aprPercent: Decimal.Value): Decimal {
  return down(new D(amount).mul(aprPercent).div(100 * DAYS_PER_YEAR));
}

/** A finance term's interest: the daily interest (already rounded down) times the days. */
export function financeTermInterest(amount: Decimal.Value, aprPercent: Decimal.Value, days: number): Decimal {
  return financeDaily(amount, aprPercent).mul(Math.max(0, Math.trunc(days)));
}

/** One day's staking interest at a daily rate in percent: amount × rate / 100, rounded down to 8 dp. */
export function stakingDaily(amount: Decimal.Value, ratePercent: Decimal.Value): Decimal {
  return down(new D(amount).mul(ratePercent).div(100));
}

/** The UTC day number `ms` falls on. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** 00:00 UTC of the day after `nowMs`: when interest starts. */
export function interestStart(nowMs: number): number {
  return (utcDay(nowMs) + 1) * DAY_MS;
}

/** Maturity: `days` whole UTC days after the start. */
export function maturity(startMs: number, days: number): number {
  return startMs + Math.max(0, Math.trunc(days)) * DAY_MS;
}

/** The rate in force on the UTC day of `dayMs` (the latest entry from that day or before); null before the first. */
export function rateOn(schedule: readonly RateEntry[], dayMs: number): string | null {
  const day = utcDay(dayMs);
  let found: { day: number; rate: string } | null = null;
  for (const e of schedule) {
    const from = utcDay(e.fromTime);
    if (from <= day && (found === null || from >= found.day)) found = { day: from, rate: e.rate };
  }
  return found?.rate ?? null;
}

/**
 * A staking term's interest at the published schedule: for each day of the
 * term (from `startMs`, `days` days) the rate in force that day, each day
 * rounded down to 8 dp. A day no published rate covers earns nothing.
 */
export function stakingTermEstimate(amount: Decimal.Value, schedule: readonly RateEntry[], startMs: number, days: number): Decimal {
  let sum: Decimal = new D(0);
  const n = Math.max(0, Math.trunc(days));
  for (let i = 0; i < n; i++) {
    const rate = rateOn(schedule, startMs + i * DAY_MS);
    if (rate !== null) sum = sum.plus(stakingDaily(amount, rate));
  }
  return sum;
}

/** A term count from the product's days text ("30"); 0 when unreadable. */
export function termDays(days: string | number): number {
  const n = Number.parseInt(String(days).trim(), 10);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A fraction of the principal ("0.05") as a percent string ("5"). */
export function fractionToPercent(fraction: Decimal.Value | null | undefined): string {
  if (fraction === null || fraction === undefined || fraction === '') return '0';
  try {
    return new D(fraction).mul(100).toFixed();
  } catch {
    return '0';
  }
}

/**
 * The most the user can put in: the smallest of the available balance, the
 * product's maximum ("0": none) and what its cap leaves ("" or null: no cap),
 * cut (never rounded up) to 8 decimals; "" when nothing is available.
 */
export function maxAmount(available: Decimal.Value | null | undefined, limitMax: string | null | undefined, remain?: string | null): string {
  const read = (v: Decimal.Value | null | undefined): Decimal | null => {
    if (v === null || v === undefined || v === '') return null;
    try {
      const d = new D(v);
      return d.isFinite() ? d : null;
    } catch {
      return null;
    }
  };
  const max = read(limitMax);
  const candidates = [read(available), max && max.gt(0) ? max : null, read(remain)].filter((d): d is Decimal => d !== null);
  if (candidates.length === 0) return '';
  const least = D.min(...candidates);
  return least.gt(0) ? least.toDecimalPlaces(EARN_SCALE, Decimal.ROUND_DOWN).toFixed() : '';
}
