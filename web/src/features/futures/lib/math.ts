import Decimal from 'decimal.js';

/** The contract's leverage chips from its comma list ("5,10,20,50"), ascending, without junk. */
export function leverageChoices(list: unknown): number[] {
  const out = String(list ?? '')
    .split(',')
    .map((v) => Number.parseInt(v.trim(), 10))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Whole contracts for a share (0-100 %) of the most the balance pays for. */
export function contractsAt(maxContracts: string | null | undefined, percent: number): string {
  if (!maxContracts) return '0';
  const max = new Decimal(maxContracts);
  if (!max.isFinite() || max.lte(0)) return '0';
  const share = Math.min(100, Math.max(0, Math.round(percent)));
  return max.mul(share).div(100).floor().toFixed(0);
}

/** Whole contracts of a position (size in the coin over the contract's face value). */
export function positionContracts(openNum: string, shareNumber: string): Decimal {
  const face = new Decimal(shareNumber);
  if (face.lte(0)) return new Decimal(0);
  return new Decimal(openNum).div(face).floor();
}

/** Contracts to close for a share of the position; null closes all of it. */
export function closeCount(openNum: string, shareNumber: string, percent: number): string | null {
  if (percent >= 100) return null;
  const n = positionContracts(openNum, shareNumber).mul(percent).div(100).floor();
  return n.gt(0) ? n.toFixed(0) : '0';
}

/** hh:mm:ss to a moment (never negative). */
export function countdown(toMs: number, nowMs: number): string {
  const total = Math.max(0, Math.floor((toMs - nowMs) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((v) => String(v).padStart(2, '0')).join(':');
}

/** A fraction as a signed percent string with `dp` decimals ("0.0001" → "0.0100"). */
export function percentOf(fraction: string | null | undefined, dp = 2): string | null {
  if (fraction === null || fraction === undefined || fraction === '') return null;
  return new Decimal(fraction).mul(100).toFixed(dp, Decimal.ROUND_DOWN);
}

/** The margin-ratio bar's fill: 0 to 100, full at liquidation. */
export function ratioFill(marginRatio: string | null | undefined): number {
  if (!marginRatio) return 0;
  const pct = new Decimal(marginRatio).mul(100);
  return pct.isFinite() ? Math.min(100, Math.max(0, pct.toDecimalPlaces(0).toNumber())) : 0;
}

/** Whether text is a positive decimal with at most `dp` decimals. */
export function isPositive(text: string, dp = 8): boolean {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return false;
  const d = new Decimal(t);
  return d.gt(0) && d.decimalPlaces() <= dp;
}

/** Leverage above this asks for a confirmation with the figures before the open. */
export const CONFIRM_ABOVE = 5;

/**
 * What is wrong with a take-profit or stop-loss typed at entry, against the
 * price the order fills at: null when fine, 'price' when not a price, else the
 * side of the fill it must be on (a long's take-profit above, its stop-loss
 * below; a short's the other way).
 */
export function entryStopProblem(kind: 'tp' | 'sl', short: boolean, text: string, fill: string | null | undefined): null | 'price' | 'above' | 'below' {
  if (text.trim() === '') return null;
  if (!isPositive(text, 8)) return 'price';
  if (!fill) return null;
  const above = (kind === 'tp') !== short;
  const d = new Decimal(text);
  if (above && d.lte(fill)) return 'above';
  if (!above && d.gte(fill)) return 'below';
  return null;
}
