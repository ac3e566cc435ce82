/**
 * Amounts for people: an exact decimal string shown with the language's digit
 * grouping and decimal separator, cut (never rounded up) to a number of decimals.
 *
 * The value never becomes a JS number: decimal.js cuts it, the string is split at
 * the point by hand, and only the whole part goes through Intl.NumberFormat, as a
 * BigInt (exact at any size). Intl also names the separators (formatToParts).
 * Digits are always Latin (`-u-nu-latn`), as exchanges show them in every
 * language, Arabic included; right-to-left screens isolate numbers (shared/ui Ltr).
 *
 * Pure: it reads no interface language (English without a locale), so the
 * operator console uses it as it is; the app's shared/format/decimal-format
 * fills in the app's language.
 */
import Decimal from 'decimal.js';

/** What an amount may arrive as: a decimal string from the API, or a Decimal. Never a float. */
export type DecimalText = string | Decimal | null | undefined;

export interface DecimalFormatOptions {
  /** Most decimals shown; the rest is cut toward zero (a balance never shows more than it is). Absent: all of the value's own. */
  maxScale?: number;
  /** Fewest decimals shown: padded with zeros. */
  minScale?: number;
  /** Language code or BCP 47 tag; the interface language when absent. */
  locale?: string;
  /** 'always': a plus sign before a positive value (a change). */
  sign?: 'auto' | 'always';
}

export interface NumberSymbols {
  group: string;
  decimal: string;
  minus: string;
  plus: string;
}

/** Bidi marks some locales put around signs (ar: U+200E); isolation does that job here. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

interface LocaleFormat extends NumberSymbols {
  whole: Intl.NumberFormat;
}

const cache = new Map<string, LocaleFormat>();

/** The Intl locale of a language (English when none): Latin digits everywhere. */
export function intlLocale(language?: string): string {
  const code = (language || 'en').trim() || 'en';
  let base: string;
  try {
    base = Intl.getCanonicalLocales(code)[0] ?? 'en';
  } catch {
    base = 'en';
  }
  return base.includes('-u-') ? base : `${base}-u-nu-latn`;
}

function localeFormat(language?: string): LocaleFormat {
  const locale = intlLocale(language);
  const hit = cache.get(locale);
  if (hit) return hit;
  // Grouping as the language's own rule has it ('auto': es and pl leave 4-digit numbers whole).
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const part = (parts: Intl.NumberFormatPart[], type: Intl.NumberFormatPartTypes, fallback: string) =>
    (parts.find((p) => p.type === type)?.value ?? fallback).replace(BIDI_MARKS, '');
  // A sample wide enough to show both separators (not money: a constant).
  const sample = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(-1234567.5);
  const plus = new Intl.NumberFormat(locale, { signDisplay: 'always' }).formatToParts(1);
  const made: LocaleFormat = {
    whole,
    group: part(sample, 'group', ','),
    decimal: part(sample, 'decimal', '.'),
    minus: part(sample, 'minusSign', '-'),
    plus: part(plus, 'plusSign', '+'),
  };
  cache.set(locale, made);
  return made;
}

/** The separators and signs of a language (Intl's, without bidi marks). */
export function numberSymbols(language?: string): NumberSymbols {
  const { group, decimal, minus, plus } = localeFormat(language);
  return { group, decimal, minus, plus };
}

function toExact(value: DecimalText): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = value instanceof Decimal ? value : new Decimal(value.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * Format an exact decimal for display: cut to `maxScale` decimals (toward zero),
 * padded to `minScale`, grouped and separated as the language writes numbers.
 * '--' for a missing or malformed value.
 */
export function formatDecimal(value: DecimalText, options: DecimalFormatOptions = {}): string {
  const d = toExact(value);
  if (!d) return '--';
  const cut = options.maxScale === undefined ? d : d.toDecimalPlaces(Math.max(0, options.maxScale), Decimal.ROUND_DOWN);
  const minScale = Math.min(options.minScale ?? 0, options.maxScale ?? Number.POSITIVE_INFINITY);
  const scale = Math.max(cut.decimalPlaces(), minScale);
  // toFixed never writes an exponent: the plain digits, however large or small.
  const [whole, fraction = ''] = cut.abs().toFixed(scale).split('.');
  const f = localeFormat(options.locale);
  let text = f.whole.format(BigInt(whole)).replace(BIDI_MARKS, '');
  if (fraction) text += f.decimal + fraction;
  if (cut.isNegative() && !cut.isZero()) return f.minus + text;
  if (options.sign === 'always' && cut.gt(0)) return f.plus + text;
  return text;
}

/**
 * A number already shaped by a display rule (spec 9: "67321.98", "+2.13%", "1.50K",
 * "-0.00001234") written with the language's grouping and separators: the digits
 * are kept as they are, only the separators change ("67.321,98", "+2,13%").
 */
export function localizeNumberText(text: string, locale?: string): string {
  return text.replace(/^([+-]?)(\d+(?:\.\d+)?)/, (_all, sign: string, digits: string) => {
    const dot = digits.indexOf('.');
    const body = formatDecimal(digits, { minScale: dot < 0 ? 0 : digits.length - dot - 1, locale });
    if (sign === '-') return numberSymbols(locale).minus + body;
    return sign ? numberSymbols(locale).plus + body : body;
  });
}

/** Read back what formatDecimal wrote (tests, pasted amounts): the plain decimal, or null. */
export function parseFormatted(text: string, language?: string): string | null {
  const f = localeFormat(language);
  const plain = text
    .replace(BIDI_MARKS, '')
    .split(f.group)
    .join('')
    .replace(f.decimal, '.')
    .replace(f.minus, '-')
    .replace(f.plus, '')
    .trim();
  return /^-?\d+(\.\d+)?$/.test(plain) ? plain : null;
}
