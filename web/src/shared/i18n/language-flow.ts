import { useSession } from '../session/session-store';
import { useSettings } from '../settings/settings-store';
import { isOn, type AppLanguage } from '../settings/types';
import { local, storageKeys } from '../storage/storage';
import { applyLanguage } from './i18n';
import { FALLBACK_LANGUAGE, START_LANGUAGE, isLanguageCode, type LanguageCode } from './languages';

function languageId(code: string): string {
  const entry = useSettings.getState().languageList.find((l) => l.dictValue === code);
  return entry?.dictSort !== undefined ? String(entry.dictSort) : code;
}

/**
 * The user picks a language (spec 4): store the choice (onyx:language), load
 * its texts (fallback en), then set <html lang/dir>. The attribute changes
 * last, so anything reading it sees a language that is stored and loaded.
 */
export async function changeLanguage(code: string): Promise<string> {
  const lang = isLanguageCode(code) ? code : FALLBACK_LANGUAGE;
  local.set(storageKeys.language, lang);
  useSession.getState().setLanguage(lang, languageId(lang));
  useSettings.getState().setLanguage(lang);
  return applyLanguage(lang);
}

/**
 * Whether the operator's language list (`t_app_language`) offers `code`: listed
 * and enabled (dict status "0"). An empty list restricts nothing.
 */
export function languageAllowed(code: string, list: readonly AppLanguage[]): boolean {
  if (list.length === 0) return true;
  const entry = list.find((l) => l.dictValue === code);
  return !!entry && (entry.status === undefined || entry.status === null || String(entry.status) === '0');
}

/** The first browser language (most preferred first, e.g. navigator.languages) that is one of ours and offered. */
export function browserLanguage(preferred: readonly string[], list: readonly AppLanguage[]): LanguageCode | null {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base) && languageAllowed(base, list)) return base;
  }
  return null;
}

/** The default the settings mark (`default` Y) when it is ours and offered; otherwise the spec's start language, zh. */
export function settingsDefaultLanguage(list: readonly AppLanguage[]): LanguageCode {
  const marked = list.find((l) => isOn(l.default) && isLanguageCode(l.dictValue) && languageAllowed(l.dictValue, list));
  return marked && isLanguageCode(marked.dictValue) ? marked.dictValue : START_LANGUAGE;
}

/** A first visit: the browser's language when the settings offer it, else the stored default. */
export function firstVisitLanguage(preferred: readonly string[], list: readonly AppLanguage[]): LanguageCode {
  return browserLanguage(preferred, list) ?? settingsDefaultLanguage(list);
}

function browserPreferences(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export interface InitLanguageOptions {
  /** The settings load under way: a first visit waits for its language list (at most `waitMs`). */
  settingsReady?: Promise<unknown>;
  waitMs?: number;
  /** The browser's languages, most preferred first; navigator.languages when absent. */
  preferred?: readonly string[];
}

/**
 * On start: the stored language. A first visit (nothing stored) follows the
 * browser's language when it is one of ours and the settings' language list
 * offers it, and otherwise stores the default (zh, the server default, unless
 * the settings mark another), until the user picks one.
 */
export async function initLanguage(options: InitLanguageOptions = {}): Promise<string> {
  let stored = local.get<string>(storageKeys.language);
  if (!stored) {
    if (options.settingsReady) {
      const waitMs = options.waitMs ?? 1500;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([options.settingsReady.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
    stored = firstVisitLanguage(options.preferred ?? browserPreferences(), useSettings.getState().languageList);
    local.set(storageKeys.language, stored);
  }
  return changeLanguage(stored);
}
