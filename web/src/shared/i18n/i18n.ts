import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { FALLBACK_LANGUAGE, isLanguageCode, isRtl, type LanguageCode } from './languages';

/** A key of en.json: every user-facing text has one. */
export type TKey = keyof typeof en;

// Each language file is its own chunk, fetched when chosen. Files that do not exist yet fall back to en.
const loaders = import.meta.glob<{ default: Record<string, string> }>(['../../locales/*.json', '!../../locales/en.json']);

/** First strong isolate and pop directional isolate (Unicode bidi). */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * In a right-to-left language every value put into a sentence is isolated, so
 * a time zone "+08:00", a range "20 – 1000", an amount or an address keeps its
 * own order ("(+08:00)", not "(08:00+)") and does not reorder the words around
 * it. Left-to-right languages get the value unchanged.
 */
export function isolateValue(value: unknown, lng: string | undefined): unknown {
  if (!lng || !isRtl(lng) || value === null || value === undefined || typeof value === 'object') return value;
  const text = String(value);
  return text ? `${FSI}${text}${PDI}` : value;
}

/** i18next's formatter slot, used for every interpolated value (alwaysFormat): only isolation, no named formats. */
const isolatingFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng) => isolateValue(value, lng) as string,
};

void i18n.use(initReactI18next).use(isolatingFormatter).init({
  resources: { en: { translation: en } },
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnNull: false,
  initAsync: false,
});

async function loadBundle(code: LanguageCode): Promise<boolean> {
  if (code === FALLBACK_LANGUAGE || i18n.hasResourceBundle(code, 'translation')) return true;
  const loader = loaders[`../../locales/${code}.json`];
  if (!loader) return false;
  try {
    const mod = await loader();
    i18n.addResourceBundle(code, 'translation', mod.default, true, true);
    return true;
  } catch {
    return false;
  }
}

/** Set the page root attributes the request client reads (lang) and the layout direction. */
export function setDocumentLanguage(code: string): void {
  const root = document.documentElement;
  root.setAttribute('lang', code);
  root.setAttribute('dir', isRtl(code) ? 'rtl' : 'ltr');
}

/**
 * Switch the interface language: loads that language's texts (en when missing)
 * and sets <html lang> and dir. Storing the choice is the caller's (see language feature).
 */
export async function applyLanguage(code: string): Promise<LanguageCode> {
  const lang: LanguageCode = isLanguageCode(code) ? code : FALLBACK_LANGUAGE;
  const loaded = await loadBundle(lang);
  // i18next falls back to en for a language whose file is not there yet.
  if (!loaded) console.warn(`language file ${lang}.json missing, showing en`);
  await i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
  return lang;
}

/** Translate outside React (request client, guards). */
export function translate(key: TKey, options?: Record<string, unknown>): string {
  return String(i18n.t(key, options as never));
}

export { i18n };
