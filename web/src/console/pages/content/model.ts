// Content items as the operator API has them (crates/content/src/editing.rs):
// four kinds, one translation per language of the app, English required.
import type { ContentRow, Translation } from '../queues/common/types';

export const KINDS = ['notice', 'rule', 'help_category', 'help_article'] as const;
export type Kind = (typeof KINDS)[number];

/** The app's languages (crates/kernel/src/i18n.rs LANGUAGES), each by its own name. */
export const LANGUAGES: { code: string; name: string; rtl?: boolean }[] = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'th', name: 'ไทย' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'pt', name: 'Português' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ru', name: 'Русский' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pl', name: 'Polski' },
  { code: 'ar', name: 'العربية', rtl: true },
  { code: 'da', name: 'Dansk' },
  { code: 'tr', name: 'Türkçe' },
];

export const FALLBACK_LANG = 'en';
export const KEY_CHARS_MAX = 64;
export const TITLE_CHARS_MAX = 200;
export const CONTENT_BYTES_MAX = 48 * 1024;

/** The keys the user app asks for, per kind (help entries take a slug). */
export const KEY_SUGGESTIONS: Record<Kind, string[]> = {
  notice: ['ROLL_NOTICE', 'POP_UPS_NOTICE', 'ACTIVITY_NOTICE'],
  rule: ['ABOUT', 'TERMS', 'PRIVACY'],
  help_category: [],
  help_article: [],
};

export const PLACEMENT_SUGGESTIONS = ['HOME'];

export function isKind(v: string | null | undefined): v is Kind {
  return !!v && (KINDS as readonly string[]).includes(v);
}

/** The translation to show for `lang`: that language, else English, else the first. */
export function pick(row: Pick<ContentRow, 'translations'>, lang: string): Translation | undefined {
  return row.translations.find((x) => x.lang === lang) ?? row.translations.find((x) => x.lang === FALLBACK_LANG) ?? row.translations[0];
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const contentKey = ['console', 'content'] as const;
