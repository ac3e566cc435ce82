// Figures and times for the console. Amounts go through the app's one exact
// formatter (shared/exact/precision and decimal-format: decimal.js, only the
// whole part grouped, as a BigInt), given the console's own language, since the
// console never loads the app's i18n; times are local and written the same in
// both languages.
import Decimal from 'decimal.js';
import { formatDecimal } from '@/shared/exact/decimal-format';
import { formatBalanceAt, formatPriceAt, type PairScales } from '@/shared/exact/precision';
import type { ConsoleLanguage } from './session';

const DASH = '—';
const LOCALES: Record<ConsoleLanguage, string> = { en: 'en-US', zh: 'zh-CN' };

function localeOf(lang: ConsoleLanguage): string {
  return LOCALES[lang] ?? 'en-US';
}

function exact(value: unknown): Decimal | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Decimal)) return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** A decimal (string from the API, or a count) with digit grouping and every decimal it has; a dash when missing. */
export function fmtNumber(value: unknown, lang: ConsoleLanguage = 'en', maxScale?: number): string {
  if (value === null || value === undefined || value === '') return DASH;
  const d = exact(value);
  if (!d) return String(value);
  return formatDecimal(d, { maxScale, locale: localeOf(lang) });
}

/** A price at its pair's tick (the same rule as the app's). */
export function fmtPrice(value: unknown, pair: PairScales, lang: ConsoleLanguage = 'en'): string {
  const d = exact(value);
  return d ? formatPriceAt(d, pair, localeOf(lang)) : DASH;
}

/** A balance at the coin's lot, never cut below what the ledger holds (the same rule as the app's). */
export function fmtBalance(value: unknown, scale: number, lang: ConsoleLanguage = 'en'): string {
  const d = exact(value);
  return d ? formatBalanceAt(d, scale, localeOf(lang)) : DASH;
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
