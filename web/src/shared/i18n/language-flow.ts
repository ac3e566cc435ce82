import { useSession } from '../session/session-store';
import { useSettings } from '../settings/settings-store';
import { local, storageKeys } from '../storage/storage';
import { applyLanguage } from './i18n';
import { START_LANGUAGE } from './languages';

function languageId(code: string): string {
  const entry = useSettings.getState().languageList.find((l) => l.dictValue === code);
  return entry?.dictSort !== undefined ? String(entry.dictSort) : code;
}

/** The user picks a language: store it (onyx:language), load its texts, set <html lang/dir>. */
export async function changeLanguage(code: string): Promise<string> {
  const lang = await applyLanguage(code);
  useSession.getState().setLanguage(lang, languageId(lang));
  useSettings.getState().setLanguage(lang);
  local.set(storageKeys.language, lang);
  return lang;
}

/** On start: the stored language, or zh (the server default) stored until the user picks one. */
export async function initLanguage(): Promise<string> {
  let stored = local.get<string>(storageKeys.language);
  if (!stored) {
    stored = START_LANGUAGE;
    local.set(storageKeys.language, stored);
  }
  return changeLanguage(stored);
}
