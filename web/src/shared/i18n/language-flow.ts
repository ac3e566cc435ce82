import { useSession } from '../session/session-store';
import { useSettings } from '../settings/settings-store';
import { local, storageKeys } from '../storage/storage';
import { applyLanguage } from './i18n';
import { FALLBACK_LANGUAGE, START_LANGUAGE, isLanguageCode } from './languages';

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

/** On start: the stored language, or zh (the server default) stored until the user picks one. */
export async function initLanguage(): Promise<string> {
  let stored = local.get<string>(storageKeys.language);
  if (!stored) {
    stored = START_LANGUAGE;
    local.set(storageKeys.language, stored);
  }
  return changeLanguage(stored);
}
