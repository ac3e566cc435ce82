import { loadSettings } from './load-settings';
import { DEFAULT_SETTINGS, useSettings } from './settings-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSession } from '../session/session-store';

beforeEach(() => {
  resetAll();
  useSettings.getState().useDefaults();
});

describe('settings load', () => {
  it('code 200 sets settings, timezone and language list', async () => {
    const server = {
      ...DEFAULT_SETTINGS,
      timeZone: { zoneId: 'Europe/Paris', offSet: '+01:00', offSetValue: '1' },
      t_app_language: [{ dictValue: 'en', default: 'Y' }],
      SUPPORT_STAFF_SETTING: [
        { name: 'A', url: 'https://a.example', isOpen: true, sort: 2 },
        { name: 'B', url: 'https://b.example', isOpen: true, sort: 1 },
        { name: 'C', url: 'https://c.example', isOpen: false, sort: 3 },
      ],
    };
    mockHttp({ 'GET /api/common/getAllSetting': ok(server) });
    await loadSettings();
    const s = useSettings.getState();
    expect(s.timezoneOffset).toBe('+01:00');
    expect(s.timezone?.zoneId).toBe('Europe/Paris');
    expect(s.timeFormat).toBe('MM/DD/YYYY');
    expect(s.languageList).toEqual([{ dictValue: 'en', default: 'Y' }]);
    expect(useSession.getState().customerServiceList.map((c) => c.name)).toEqual(['B', 'A']);
  });

  it('the copy inlined in the page is applied without a request', async () => {
    const inline = { ...DEFAULT_SETTINGS, timeZone: { zoneId: 'Asia/Tokyo', offSet: '+09:00', offSetValue: '9' } };
    // No route is mocked: a request would fail and fall back to the defaults.
    mockHttp({ 'GET /api/common/getAllSetting': fail(-1, 'must not be asked') });
    await loadSettings(inline);
    expect(useSettings.getState().timezoneOffset).toBe('+09:00');
    expect(useSettings.getState().loading).toBe(false);
  });

  it('a malformed inline copy is ignored and the settings are requested', async () => {
    mockHttp({ 'GET /api/common/getAllSetting': ok({ ...DEFAULT_SETTINGS, timeZone: { zoneId: 'UTC', offSet: '+00:00', offSetValue: '0' } }) });
    await loadSettings(['not', 'an', 'object']);
    expect(useSettings.getState().timezoneOffset).toBe('+00:00');
  });

  it('any other answer falls back to the built-in default copy', async () => {
    useSettings.getState().applySettings({ LOGIN_REGIS_SETTING: undefined });
    mockHttp({ 'GET /api/common/getAllSetting': fail(-1, 'x') });
    await loadSettings();
    expect(useSettings.getState().settingConfig).toBe(DEFAULT_SETTINGS);
    expect(useSettings.getState().settingConfig.LOGIN_REGIS_SETTING?.ordinaryIsOpen).toBe(true);
  });

  it('the default copy is the server file with every spec key', () => {
    for (const key of ['LOGIN_REGIS_SETTING', 'PC_SIDEBAR_SETTING', 'MIDDLE_MENU_SETTING', 'DOWNLOAD_SETTING', 'VIP_LEVEL_SETTING', 'AUTH_LIMIT', 't_app_language', 'timeZone']) {
      expect(DEFAULT_SETTINGS).toHaveProperty(key);
    }
  });
});
