import { i18n, isolateValue } from './i18n';
import { changeLanguage } from './language-flow';
import { resetAll } from '@/test/reset';

const FSI = '\u2068';
const PDI = '\u2069';

beforeEach(() => resetAll());
afterAll(async () => {
  await changeLanguage('en');
});

describe('values inside right-to-left sentences are isolated', () => {
  it('wraps each interpolated value in a first-strong isolate in Arabic only', () => {
    expect(isolateValue('+08:00', 'ar')).toBe(`${FSI}+08:00${PDI}`);
    expect(isolateValue(25, 'ar')).toBe(`${FSI}25${PDI}`);
    expect(isolateValue('+08:00', 'en')).toBe('+08:00');
    expect(isolateValue('', 'ar')).toBe('');
  });

  it('a time zone in an Arabic sentence keeps its sign in front: (+08:00), not (08:00+)', async () => {
    await changeLanguage('ar');
    const text = i18n.t('withdraw_windowRange', { start: '11:00:00', end: '23:00:00', tz: '+08:00' });
    expect(text).toContain(`(${FSI}+08:00${PDI})`);
    expect(text).toContain(`${FSI}11:00:00${PDI}`);
    await changeLanguage('en');
    expect(i18n.t('withdraw_windowRange', { start: '11:00:00', end: '23:00:00', tz: '+08:00' })).toBe('11:00:00 – 23:00:00 (+08:00)');
  });
});
