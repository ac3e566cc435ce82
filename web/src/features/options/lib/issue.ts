/**
 * The pure side of options: the issue running at a time (the same sum the
 * server does, decision 0022: issue n of a p-second period spans
 * [n·p, (n+1)·p) s since the epoch, entry closing `cutoff` s before its end)
 * and the fee on a stake (exact decimals, rounded up to 8 places as the
 * server charges it).
 */
import Decimal from 'decimal.js';
import { toDecimal } from '@/shared/format/number';

export interface Issue {
  no: number;
  start: number;
  end: number;
  cutoffAt: number;
}

/** The issue running at `nowMs`; null for a period no issue can have. */
export function issueAt(nowMs: number, periodSeconds: number, cutoffSeconds: number): Issue | null {
  if (!(periodSeconds > 0) || cutoffSeconds < 0 || cutoffSeconds >= periodSeconds) return null;
  const len = periodSeconds * 1000;
  const no = Math.floor(nowMs / len);
  const start = no * len;
  return { no, start, end: start + len, cutoffAt: start + len - cutoffSeconds * 1000 };
}

export type EntryState = { open: true; secondsToCutoff: number; secondsToEnd: number } | { open: false; secondsToNext: number };

/** Whether an order now enters the issue, and the countdowns the screen shows (whole seconds, rounded up). */
export function entryState(issue: Issue, nowMs: number): EntryState {
  const up = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
  if (nowMs >= issue.start && nowMs < issue.cutoffAt) {
    return { open: true, secondsToCutoff: up(issue.cutoffAt - nowMs), secondsToEnd: up(issue.end - nowMs) };
  }
  return { open: false, secondsToNext: up(issue.end - nowMs) };
}

/** mm:ss for a countdown. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The fee on `stake`: 0 none, 1 `value` percent of it (rounded up to 8 decimals), 2 `value` USDT; null when unknown. */
export function optionFee(stake: string, feeType: number, feeValue: string): Decimal | null {
  const s = toDecimal(stake);
  const v = toDecimal(feeValue);
  if (!s || !v || v.isNegative()) return null;
  if (feeType === 0) return new Decimal(0);
  if (feeType === 1) return s.times(v).dividedBy(100).toDecimalPlaces(8, Decimal.ROUND_UP);
  if (feeType === 2) return v;
  return null;
}
