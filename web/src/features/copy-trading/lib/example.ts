/**
 * The worked example on the follow form, in exact decimals (decimal.js, never
 * floats): what a copy of a lead's order would be under the settings typed, and
 * how the profit share splits a realised gain above the high-water mark.
 */
import Decimal from 'decimal.js';
import { toDecimal, type DecimalInput } from '@/shared/format/number';
import type { FollowType } from '../api';

/** The example's lead order: this many contracts. */
export const EXAMPLE_LEAD_CONTRACTS = '10';
/** The example's realised profit above the high-water mark, USDT. */
export const EXAMPLE_PROFIT = '100';

export interface FollowExample {
  leadContracts: string;
  /** Whole contracts copied at a fixed ratio (rounded down); null for a fixed amount or a ratio not yet valid. */
  copyContracts: string | null;
  /** The exact ratio share before rounding down ("5.5"); null as copyContracts. */
  copyExact: string | null;
  /** Margin put on each copy at a fixed amount; null for a ratio or an amount not yet valid. */
  margin: string | null;
  /** The profit share as a percent ("20"). */
  sharePercent: string;
  /** The example's profit above the high-water mark. */
  profit: string;
  /** What of it goes to the lead. */
  share: string;
  /** What the follower keeps. */
  keep: string;
}

function positive(value: DecimalInput): Decimal | null {
  const d = toDecimal(value);
  return d && d.gt(0) ? d : null;
}

/** The profit share fraction ("0.2"), 0 when missing or malformed, never above 1. */
export function shareFraction(shareRate: DecimalInput): Decimal {
  const d = toDecimal(shareRate);
  if (!d || d.lt(0)) return new Decimal(0);
  return Decimal.min(d, 1);
}

/** A share fraction as a percent text ("0.2" → "20", "0.125" → "12.5"). */
export function sharePercent(shareRate: DecimalInput): string {
  return shareFraction(shareRate).times(100).toFixed();
}

export function followExample(input: { followType: FollowType; followRate: string; followAmount: string; shareRate: DecimalInput }): FollowExample {
  const lead = new Decimal(EXAMPLE_LEAD_CONTRACTS);
  const profit = new Decimal(EXAMPLE_PROFIT);
  const fraction = shareFraction(input.shareRate);
  const share = profit.times(fraction);
  let copyContracts: string | null = null;
  let copyExact: string | null = null;
  let margin: string | null = null;
  if (input.followType === 0) {
    const rate = positive(input.followRate.trim());
    if (rate) {
      const exact = lead.times(rate).div(100);
      copyExact = exact.toFixed();
      copyContracts = exact.floor().toFixed(0);
    }
  } else {
    const amount = positive(input.followAmount.trim());
    if (amount) margin = amount.toFixed();
  }
  return {
    leadContracts: lead.toFixed(),
    copyContracts,
    copyExact,
    margin,
    sharePercent: fraction.times(100).toFixed(),
    profit: profit.toFixed(),
    share: share.toFixed(),
    keep: profit.minus(share).toFixed(),
  };
}
