import { api } from '../api/client';
import { useSession } from '../session/session-store';
import { useSettings } from './settings-store';
import { isOn, openSorted, type SettingConfig } from './types';

export const SETTINGS_URL = '/api/common/getAllSetting';

/** Mirror the parts of the settings the session store also holds (language list, customer service). */
function syncSession(config: SettingConfig): void {
  const session = useSession.getState();
  session.setLanguageList(
    (config.t_app_language ?? []).map((l) => ({ ...l, dictValue: l.dictValue, isDefault: isOn(l.default) ? 'Y' : 'N' })),
  );
  session.setCustomerServiceList(
    openSorted(config.SUPPORT_STAFF_SETTING).map((s) => ({ url: s.url, getUrl: s.getUrl, name: s.name })),
  );
}

/**
 * Settings load (spec 4): code 200 sets settings, timezone and language list; otherwise the built-in default copy.
 * `inline` is the copy the server put in the page (the same object getAllSetting answers): when it is
 * there, no request is made, so the first screen does not wait for one.
 */
export async function loadSettings(inline?: unknown): Promise<void> {
  if (inline && typeof inline === 'object' && !Array.isArray(inline)) {
    useSettings.getState().applySettings(inline as SettingConfig);
    syncSession(inline as SettingConfig);
    useSettings.getState().setLoading(false);
    return;
  }
  const store = useSettings.getState();
  store.setLoading(true);
  try {
    const env = await api.get<SettingConfig>(SETTINGS_URL, undefined, { silent: true });
    if (env.code === 200 && env.data && typeof env.data === 'object') {
      useSettings.getState().applySettings(env.data);
      syncSession(env.data);
      return;
    }
  } catch {
    /* fall through to the default copy */
  } finally {
    useSettings.getState().setLoading(false);
  }
  useSettings.getState().useDefaults();
  syncSession(useSettings.getState().settingConfig);
}
