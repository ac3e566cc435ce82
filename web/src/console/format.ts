// Figures and times for the console. The user app's formatters read the user
// app's i18n, which the console never loads, so these are the console's own:
// amounts stay decimal strings (decimal.js checks them, only the whole part is
// grouped, as a BigInt), times are local and written the same in both languages.
import Decimal from 'decimal.js';
import type { ConsoleLanguage } from './session';

const DASH = '—';
const LOCALES: Record<ConsoleLanguage, string> = { en: 'en-US', zh: 'zh-CN' };
const grouping = new Map<string, Intl.NumberFormat>();

function grouper(lang: ConsoleLanguage): Intl.NumberFormat {
  const locale = `${LOCALES[lang] ?? 'en-US'}-u-nu-latn`;
  let f = grouping.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    grouping.set(locale, f);
  }
  return f;
}

/** A decimal (string from the API, or a count) with digit grouping and every decimal it has; a dash when missing. */
export function fmtNumber(value: unknown, lang: ConsoleLanguage = 'en', maxScale?: number): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Decimal)) return String(value);
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return String(value);
  }
  if (!d.isFinite()) return String(value);
  const text = maxScale === undefined ? d.toFixed() : d.toDecimalPlaces(maxScale, Decimal.ROUND_DOWN).toFixed();
  const negative = text.startsWith('-');
  const [whole, frac] = (negative ? text.slice(1) : text).split('.');
  const grouped = grouper(lang).format(BigInt(whole));
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** Whether a decimal string is below zero (no floats). */
export function isNegative(value: unknown): boolean {
  try {
    return new Decimal(String(value)).isNegative() && !new Decimal(String(value)).isZero();
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2025-01-15 13:05:09" in the browser's time zone (ISO string or epoch ms). */
export function fmtDateTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return typeof value === 'string' && value ? value : DASH;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "13:05:09" in the browser's time zone. */
export function fmtTime(value: unknown): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : DASH;
}

/** A duration in milliseconds as the largest unit that fits, in whole units. */
export function durationParts(ms: number): { n: number; unit: 's' | 'm' | 'h' | 'd' } {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return { n: s, unit: 's' };
  if (s < 3600) return { n: Math.floor(s / 60), unit: 'm' };
  if (s < 86400) return { n: Math.floor(s / 3600), unit: 'h' };
  return { n: Math.floor(s / 86400), unit: 'd' };
}
