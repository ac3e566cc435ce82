/**
 * A task's progress from the server's decimal strings (current of target):
 * exact decimals, never floats. The percentage is cut (never rounded up, so
 * an unfinished task never shows 100) to 2 decimals and kept within 0..100.
 */
import Decimal from 'decimal.js';

function exact(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    const d = new Decimal(text.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** "0".."100" with at most 2 decimals: how far `current` is toward `target`. */
export function progressPercent(current: string | null | undefined, target: string | null | undefined): string {
  const c = exact(current);
  const t = exact(target);
  if (!c || !t) return '0';
  if (t.lte(0)) return c.gte(t) ? '100' : '0';
  if (c.lte(0)) return '0';
  if (c.gte(t)) return '100';
  return c.div(t).mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
}

/** Whether the measured progress reaches the goal (the server's `done` is what a claim checks). */
export function reached(current: string | null | undefined, target: string | null | undefined): boolean {
  const c = exact(current);
  const t = exact(target);
  return !!c && !!t && c.gte(t);
}
