import { formatDecimal } from '@/shared/format/decimal-format';
import { direction, type DecimalInput } from '@/shared/format/number';
import type { TraderCard } from '../api';
import { sharePercent } from './example';

/** A percent figure from the server ("12.5") with 2 decimals (cut), the language's separators, and "%"; '--' when missing. */
export function pctText(value: string | null | undefined, opts: { sign?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '--';
  const text = formatDecimal(value, { minScale: 2, maxScale: 2, sign: opts.sign ? 'always' : 'auto' });
  return text === '--' ? text : `${text}%`;
}

/** The colour class of a signed figure: up, down or flat. */
export function toneOf(value: DecimalInput): 'up' | 'down' | 'flat' {
  const d = direction(value);
  return d > 0 ? 'up' : d < 0 ? 'down' : 'flat';
}

/** Whether a trader takes no more followers (the caller's own follow aside). */
export function isFull(card: Pick<TraderCard, 'followUser' | 'maxUserCount'>): boolean {
  return card.maxUserCount > 0 && card.followUser >= card.maxUserCount;
}

/** The initial of a name for an avatar without a picture. */
export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}

/** Lower-case coins of a followSymbol list ("BTC, eth" → ["btc", "eth"]), without blanks or repeats. */
export function symbolList(text: string | null | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
}

/** A profit share fraction as the percent people read ("0.2" → "20%"). */
export function shareText(shareRate: string | null | undefined): string {
  if (shareRate === null || shareRate === undefined || shareRate === '') return '--';
  return `${formatDecimal(sharePercent(shareRate))}%`;
}

/** A route's id parameter: digits only, else null. */
export function idParam(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}
