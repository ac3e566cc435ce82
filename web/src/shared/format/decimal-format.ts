/**
 * The exact formatter (shared/exact/decimal-format) in the app's interface
 * language: every function takes an explicit locale, and without one writes the
 * number as the current interface language does.
 */
import { i18n } from '@/shared/i18n/i18n';
import * as exact from '@/shared/exact/decimal-format';

export type { DecimalText, DecimalFormatOptions, NumberSymbols } from '@/shared/exact/decimal-format';

/** The locale asked for, else the interface language. */
export function appLanguage(locale?: string): string {
  return locale || i18n.language || 'en';
}

/** The Intl locale of an interface language: Latin digits everywhere. */
export function intlLocale(language?: string): string {
  return exact.intlLocale(appLanguage(language));
}

/** The separators and signs of a language (Intl's, without bidi marks). */
export function numberSymbols(language?: string): exact.NumberSymbols {
  return exact.numberSymbols(appLanguage(language));
}

/** See shared/exact/decimal-format: cut to maxScale, padded to minScale, grouped as the language writes numbers. */
export function formatDecimal(value: exact.DecimalText, options: exact.DecimalFormatOptions = {}): string {
  return exact.formatDecimal(value, { ...options, locale: appLanguage(options.locale) });
}

/** A number already shaped by a display rule, written with the language's grouping and separators. */
export function localizeNumberText(text: string, locale?: string): string {
  return exact.localizeNumberText(text, appLanguage(locale));
}

/** Read back what formatDecimal wrote (tests, pasted amounts): the plain decimal, or null. */
export function parseFormatted(text: string, language?: string): string | null {
  return exact.parseFormatted(text, appLanguage(language));
}
