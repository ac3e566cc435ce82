/**
 * The pure side of second contracts: what a stake wins or loses, the live
 * preview of an open order, stake checks, period labels and countdowns.
 *
 * Money is exact (decimal.js on the API's decimal strings, never floats) and
 * follows the server's one rule (decision 0021, `onyx_second_contracts::rules`):
 * a win pays `stake × odds` on top of the stake, rounded down to 8 decimals;
 * a loss takes the whole stake (full loss) or `stake × odds`, the user getting
 * back `stake × (1 − loss share)` rounded down to 8 decimals; equal prices and
 * a void order give the stake back.
 */
import Decimal from 'decimal.js';
import { validateAmount, type AmountCheck } from '@/shared/format/amount';
import { toDecimal, type DecimalInput } from '@/shared/format/number';
import type { Direction, Period, SecondOrder } from '../api';

/** Decimals the ledger keeps and a stake may have. */
export const STAKE_SCALE = 8;
/** The quick stakes offered (USDT), each shown only when the period allows it. */
export const STAKE_PRESETS = ['10', '50', '100', '500', '1000'] as const;

const floor8 = (d: Decimal) => d.toDecimalPlaces(STAKE_SCALE, Decimal.ROUND_DOWN);

// ---------------------------------------------------------------- periods

export type PeriodUnit = 's' | 'm' | 'h';

/**
 * How a period is named on its chip: seconds up to a minute and for any period
 * that is not whole minutes (30s, 60s, 90s), whole minutes below an hour (5m),
 * whole hours from an hour (1h); 5400 s is 90m.
 */
export function periodLabel(seconds: number): { n: number; unit: PeriodUnit } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { n: seconds / 3600, unit: 'h' };
  if (seconds > 60 && seconds % 60 === 0) return { n: seconds / 60, unit: 'm' };
  return { n: seconds, unit: 's' };
}

/** The periods a user can pick: those on offer (status 1), in the server's order. */
export function offeredPeriods(periods: readonly Period[] | undefined): Period[] {
  return (periods ?? []).filter((p) => p && Number(p.status ?? 1) === 1 && p.period > 0);
}

// ---------------------------------------------------------------- payouts

/** What a win adds on top of the stake: stake × odds, rounded down to 8 decimals. */
export function winProfit(stake: DecimalInput, odds: DecimalInput): Decimal | null {
  const s = toDecimal(stake);
  const o = toDecimal(odds);
  if (!s || !o) return null;
  return floor8(s.times(o));
}

/** The share of the stake a loss takes: 1 for a full loss, else the odds (at most 1). */
export function lossShare(fullLoss: boolean, odds: DecimalInput): Decimal {
  if (fullLoss) return new Decimal(1);
  const o = toDecimal(odds) ?? new Decimal(1);
  return Decimal.min(o, 1);
}

/** What a loss takes: the stake less what comes back, stake × (1 − share) rounded down to 8 decimals. */
export function lossAmount(stake: DecimalInput, share: DecimalInput): Decimal | null {
  const s = toDecimal(stake);
  const l = toDecimal(share);
  if (!s || !l) return null;
  const returned = floor8(s.times(new Decimal(1).minus(Decimal.min(l, 1))));
  return s.minus(returned);
}

export interface StakeQuote {
  /** Added on a win. */
  profit: Decimal;
  /** Paid back in total on a win, the stake included. */
  total: Decimal;
  /** Taken on a loss. */
  loss: Decimal;
}

/** Win and loss of `stake` on `period`'s terms (its lossRate is the server's loss share). */
export function quoteStake(stake: DecimalInput, period: Pick<Period, 'odds' | 'lossRate' | 'flag'>): StakeQuote | null {
  const s = toDecimal(stake);
  if (!s || s.lte(0)) return null;
  const profit = winProfit(s, period.odds);
  const loss = lossAmount(s, toDecimal(period.lossRate) ?? lossShare(period.flag, period.odds));
  if (!profit || !loss) return null;
  return { profit, total: s.plus(profit), loss };
}

/** A rate (fraction of one, "0.8929") as a percentage (89.29), exact. */
export function asPercent(rate: DecimalInput): Decimal | null {
  const d = toDecimal(rate);
  return d ? d.times(100) : null;
}

// ---------------------------------------------------------------- orders

export function orderDirection(order: Pick<SecondOrder, 'direction' | 'betContent'>): Direction {
  if (order.direction === 'up' || order.direction === 'down') return order.direction;
  return String(order.betContent) === '1' ? 'up' : 'down';
}

export type Outcome = 'win' | 'lose' | 'draw';
export type ResultKind = Outcome | 'void' | 'open';

/** The result of an order from its openResult (1 win, 2 lose, 3 draw, 4 void; 0 open). */
export function resultKind(openResult: number): ResultKind {
  switch (Number(openResult)) {
    case 1:
      return 'win';
    case 2:
      return 'lose';
    case 3:
      return 'draw';
    case 4:
      return 'void';
    default:
      return 'open';
  }
}

/** Up wins above the open price, down below it; equal prices are a draw. */
export function outcomeAt(direction: Direction, openPrice: DecimalInput, price: DecimalInput): Outcome | null {
  const o = toDecimal(openPrice);
  const p = toDecimal(price);
  if (!o || !p) return null;
  const c = p.cmp(o);
  if (c === 0) return 'draw';
  return (c > 0) === (direction === 'up') ? 'win' : 'lose';
}

export interface Preview {
  outcome: Outcome;
  /** +stake × odds winning, −loss losing, 0 even. */
  pnl: Decimal;
}

/** What an open order would bring if it closed at `price` (the live index): its own terms, not today's period. */
export function previewAt(order: Pick<SecondOrder, 'direction' | 'betContent' | 'openPrice' | 'betAmount' | 'rate' | 'rateFlag'>, price: DecimalInput): Preview | null {
  const outcome = outcomeAt(orderDirection(order), order.openPrice, price);
  if (!outcome) return null;
  if (outcome === 'draw') return { outcome, pnl: new Decimal(0) };
  if (outcome === 'win') {
    const profit = winProfit(order.betAmount, order.rate);
    return profit ? { outcome, pnl: profit } : null;
  }
  const loss = lossAmount(order.betAmount, lossShare(order.rateFlag, order.rate));
  return loss ? { outcome, pnl: loss.negated() } : null;
}

/** A settled order's profit or loss: what came back less the stake and any fee (an option's). */
export function settledPnl(order: Pick<SecondOrder, 'rewardAmount' | 'betAmount' | 'feeAmount'>): Decimal | null {
  const r = toDecimal(order.rewardAmount);
  const b = toDecimal(order.betAmount);
  const f = order.feeAmount ? toDecimal(order.feeAmount) : new Decimal(0);
  return r && b && f ? r.minus(b).minus(f) : null;
}

// ---------------------------------------------------------------- stakes

/** The stake's limits on a period and the user's balance: at most 8 decimals, min ≤ stake ≤ max, ≤ available. */
export function checkStake(raw: string, period: Pick<Period, 'minAmount' | 'maxAmount'> | undefined, available?: DecimalInput): AmountCheck {
  return validateAmount(raw, { scale: STAKE_SCALE, min: period?.minAmount, max: period?.maxAmount, available: available ?? undefined });
}

/** Whole balance as a stake: cut (never rounded up) to 8 decimals; null when nothing is there. */
export function allStake(available: DecimalInput): string | null {
  const d = toDecimal(available);
  if (!d || d.lte(0)) return null;
  return floor8(d).toFixed();
}

export type StakeChip = { kind: 'preset'; amount: string } | { kind: 'all'; amount: string };

/**
 * The quick stakes of a period: 10, 50, 100, 500, 1000 when within its min and
 * max, and "All" (the available USDT, cut to 8 decimals) when that is within them too.
 */
export function stakeChips(period: Pick<Period, 'minAmount' | 'maxAmount'> | undefined, available?: DecimalInput): StakeChip[] {
  if (!period) return [];
  const min = toDecimal(period.minAmount);
  const max = toDecimal(period.maxAmount);
  const within = (d: Decimal) => (!min || d.gte(min)) && (!max || max.lte(0) || d.lte(max));
  const chips: StakeChip[] = STAKE_PRESETS.filter((a) => within(new Decimal(a))).map((amount) => ({ kind: 'preset', amount }));
  const all = allStake(available);
  if (all && within(new Decimal(all))) chips.push({ kind: 'all', amount: all });
  return chips;
}

// ---------------------------------------------------------------- clocks

/**
 * How far the server's clock is ahead of this one (ms), from an open order
 * received at `receivedAt` (client clock). The server rounds `time` up, so its
 * clock then was in [closeTime − time s, closeTime − time s + 1 s): a client
 * clock inside that window is trusted as it is (0), one outside is moved to
 * its nearest edge. Null when the order carries no usable figures.
 */
export function clockSkew(order: Pick<SecondOrder, 'closeTime' | 'time' | 'status'>, receivedAt: number): number | null {
  if (Number(order.status) !== 0 || !Number.isFinite(order.closeTime) || !Number.isFinite(order.time) || order.time <= 0 || !receivedAt) return null;
  const lower = order.closeTime - order.time * 1000 - receivedAt;
  const upper = lower + 999;
  if (lower > 0) return lower;
  if (upper < 0) return upper;
  return 0;
}

/** Whole seconds until `closeTime` on the server's clock, rounded up as the server counts; 0 once due. */
export function secondsLeft(closeTime: number, serverNow: number): number {
  return Math.max(0, Math.ceil((closeTime - serverNow) / 1000));
}

/** A countdown as m:ss (h:mm:ss from an hour): 0:27, 4:59, 1:00:00. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Share of the period already gone, 0 to 1, for the countdown bar. */
export function elapsedShare(order: Pick<SecondOrder, 'openTime' | 'closeTime'>, serverNow: number): number {
  const span = order.closeTime - order.openTime;
  if (!(span > 0)) return 1;
  return Math.min(1, Math.max(0, (serverNow - order.openTime) / span));
}
