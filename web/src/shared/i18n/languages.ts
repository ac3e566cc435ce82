/** The 16 languages of the app (spec 9). rtl marks right-to-left scripts. */
export const LANGUAGES = [
  { code: 'en', rtl: false },
  { code: 'ja', rtl: false },
  { code: 'ko', rtl: false },
  { code: 'th', rtl: false },
  { code: 'vi', rtl: false },
  { code: 'pt', rtl: false },
  { code: 'es', rtl: false },
  { code: 'fr', rtl: false },
  { code: 'ru', rtl: false },
  { code: 'de', rtl: false },
  { code: 'it', rtl: false },
  { code: 'pl', rtl: false },
  { code: 'zh', rtl: false },
  { code: 'ar', rtl: true },
  { code: 'da', rtl: false },
  { code: 'tr', rtl: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The language stored on first start, before the user picks one: the server default (spec 1, 9). */
export const START_LANGUAGE: LanguageCode = 'zh';
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(code: unknown): code is LanguageCode {
  return typeof code === 'string' && LANGUAGES.some((l) => l.code === code);
}

export function isRtl(code: string): boolean {
  return LANGUAGES.some((l) => l.code === code && l.rtl);
}
