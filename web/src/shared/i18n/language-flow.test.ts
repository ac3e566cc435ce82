import { changeLanguage, initLanguage } from './language-flow';
import { i18n } from './i18n';
import { local, storageKeys } from '../storage/storage';
import { useSession } from '../session/session-store';
import { resetAll } from '@/test/reset';

beforeEach(() => resetAll());

describe('language', () => {
  it('stores zh on first start, before the user picks a language', async () => {
    expect(local.get(storageKeys.language)).toBeNull();
    await initLanguage();
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
