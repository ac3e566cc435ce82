import { browserLanguage, changeLanguage, firstVisitLanguage, initLanguage, settingsDefaultLanguage } from './language-flow';
import { useSettings } from '../settings/settings-store';
import type { AppLanguage } from '../settings/types';
import { i18n } from './i18n';
import { local, storageKeys } from '../storage/storage';
import { useSession } from '../session/session-store';
import { resetAll } from '@/test/reset';

beforeEach(() => resetAll());

describe('language', () => {
  it('stores zh on first start when the browser speaks none of our languages', async () => {
    expect(local.get(storageKeys.language)).toBeNull();
    await initLanguage({ preferred: ['nb-NO', 'sv'] });
    expect(local.get(storageKeys.language)).toBe('zh');
    expect(document.documentElement.getAttribute('lang')).toBe('zh');
  });

  it('keeps a language the user already chose', async () => {
    local.set(storageKeys.language, 'de');
    await initLanguage();
    expect(document.documentElement.getAttribute('lang')).toBe('de');
  });

  it('switching to Arabic stores it, sets lang and right-to-left', async () => {
    await changeLanguage('ar');
    const root = document.documentElement;
    expect(root.getAttribute('lang')).toBe('ar');
    expect(root.getAttribute('dir')).toBe('rtl');
    expect(local.get(storageKeys.language)).toBe('ar');
    expect(useSession.getState().language).toBe('ar');
    expect(i18n.language).toBe('ar');
  });

  it('switching back to a left-to-right language resets dir', async () => {
    await changeLanguage('ar');
    await changeLanguage('en');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect(i18n.t('noData')).toBe('No data');
  });

  it('falls back to en for an unknown code', async () => {
    await changeLanguage('xx');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(local.get(storageKeys.language)).toBe('en');
  });
});

const lang = (dictValue: string, status = '0', isDefault = 'N'): AppLanguage => ({ dictValue, status, default: isDefault });
const ALL = ['en', 'zh', 'ja', 'ar', 'de'].map((c) => lang(c, '0', c === 'zh' ? 'Y' : 'N'));

describe('first visit: the browser language', () => {
  // resetAll keeps the session's language preference, which writes it back: a first visit has none.
  beforeEach(() => localStorage.removeItem(storageKeys.language));

  it('takes the first browser language that is ours, by its base tag', () => {
    expect(browserLanguage(['ja-JP', 'en-US'], ALL)).toBe('ja');
    expect(browserLanguage(['nb-NO', 'de-AT', 'en'], ALL)).toBe('de');
    expect(browserLanguage(['AR_eg'], ALL)).toBe('ar');
    expect(browserLanguage(['nb-NO', 'sv'], ALL)).toBeNull();
  });

  it('only a language the settings list offers and has enabled', () => {
    const list = [lang('en'), lang('zh', '0', 'Y'), lang('ja', '1')];
    expect(browserLanguage(['ja-JP', 'en-US'], list)).toBe('en');
    expect(browserLanguage(['ko-KR'], list)).toBeNull();
    // An empty list (settings unreadable) restricts nothing.
    expect(browserLanguage(['ko-KR'], [])).toBe('ko');
  });

  it('falls back to the default the settings mark, else zh', () => {
    expect(firstVisitLanguage(['sv'], ALL)).toBe('zh');
    expect(settingsDefaultLanguage([lang('en', '0', 'Y'), lang('zh')])).toBe('en');
    expect(settingsDefaultLanguage([lang('xx', '0', 'Y')])).toBe('zh');
    expect(settingsDefaultLanguage([])).toBe('zh');
  });

  it('a first visit from a Japanese browser starts in Japanese and stores it', async () => {
    useSettings.setState({ languageList: ALL });
    await initLanguage({ preferred: ['ja-JP', 'en'] });
    expect(local.get(storageKeys.language)).toBe('ja');
    expect(document.documentElement.getAttribute('lang')).toBe('ja');
  });

  it('waits for the settings load before choosing, so an operator can switch a language off', async () => {
    useSettings.setState({ languageList: ALL });
    let loaded!: () => void;
    const settingsReady = new Promise<void>((resolve) => (loaded = resolve));
    const started = initLanguage({ preferred: ['de-DE'], settingsReady, waitMs: 5_000 });
    useSettings.setState({ languageList: [lang('en'), lang('zh', '0', 'Y'), lang('de', '1')] });
    loaded();
    await started;
    expect(local.get(storageKeys.language)).toBe('zh');
  });

  it('a stored choice wins over the browser', async () => {
    local.set(storageKeys.language, 'fr');
    await initLanguage({ preferred: ['ja-JP'] });
    expect(document.documentElement.getAttribute('lang')).toBe('fr');
  });
});
