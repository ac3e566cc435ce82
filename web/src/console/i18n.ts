// The console's texts: its own i18next instance, English and Chinese, one
// file per area under locales/<lang>/<area>.json, merged into one bundle.
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<{ default: Record<string, string> }>('./locales/*/*.json', { eager: true });

function bundle(lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, mod] of Object.entries(files)) {
    if (path.startsWith(`./locales/${lang}/`)) Object.assign(out, mod.default);
  }
  return out;
}

export const consoleI18n = createInstance();

void consoleI18n.use(initReactI18next).init({
  resources: { en: { translation: bundle('en') }, zh: { translation: bundle('zh') } },
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
