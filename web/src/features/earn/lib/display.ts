import type { TFunction } from 'i18next';
import { formatDecimal, type DecimalText } from '@/shared/format/decimal-format';
import { formatDateTime } from '@/shared/format/date';

/** A percent figure from the server ("4", "0.02") in the interface language, at least `minScale` decimals, never cut. */
export function pct(value: DecimalText, minScale = 2): string {
  if (value === null || value === undefined || value === '') return '--';
  return formatDecimal(value, { minScale });
}

/** An earn time (interest days are UTC days) in the interface language, in UTC, marked so. */
export function utcDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '--';
  return `${formatDateTime(ms, { timeZone: 'UTC' })} UTC`;
}

/** A term in days ("7 days", "1 day"). */
export function daysText(t: TFunction, n: number): string {
  return n === 1 ? t('earn_oneDay') : t('earn_days', { n });
}

/** A range of two percent figures ("4.00% – 8.50%"), one figure when both are the same. */
export function pctRange(min: string, max: string, minScale = 2): string {
  const a = pct(min, minScale);
  const b = pct(max, minScale);
  return a === b ? `${a}%` : `${a}% – ${b}%`;
}
