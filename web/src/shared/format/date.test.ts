import { formatChartTick, formatChartTime, formatDate, formatDateTime, formatTime } from './date';

const AT = '2025-01-15T13:05:09Z';

describe('dates follow the language, 24-hour clock', () => {
  it.each([
    ['en', '01/15/2025, 13:05:09'],
    ['de', '15.01.2025, 13:05:09'],
    ['ja', '2025/01/15 13:05:09'],
    ['zh', '2025/01/15 13:05:09'],
    ['fr', '15/01/2025 13:05:09'],
  ])('%s: %s', (locale, expected) => {
    expect(formatDateTime(AT, { locale, timeZone: 'UTC' })).toBe(expected);
  });

  it('Arabic keeps Latin digits', () => {
    expect(formatDateTime(AT, { locale: 'ar', timeZone: 'UTC' })).toMatch(/15.*01.*2025.*13:05:09/);
  });

  it('uses the time zone asked for, and the browser zone by default', () => {
    expect(formatTime(AT, { locale: 'en', timeZone: 'Asia/Tokyo' })).toBe('22:05:09');
    expect(formatDate(AT, { locale: 'en', timeZone: 'America/Los_Angeles' })).toBe('01/15/2025');
    const browser = new Intl.DateTimeFormat('en-u-nu-latn', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(AT));
    expect(formatTime(AT, { locale: 'en' })).toBe(browser);
  });

  it('takes epoch milliseconds, and leaves an unreadable value as it came', () => {
    expect(formatTime(Date.parse(AT), { locale: 'en', timeZone: 'UTC' })).toBe('13:05:09');
    expect(formatDateTime('not a date', { locale: 'en' })).toBe('not a date');
    expect(formatDateTime(null)).toBe('--');
  });
});

describe('chart time axis', () => {
  const at = Date.parse(AT) / 1000;
  it('labels bar times in the language and zone, not UTC', () => {
    expect(formatChartTick(at, 3, { locale: 'en', timeZone: 'Asia/Tokyo' })).toBe('22:05');
    expect(formatChartTick(at, 1, { locale: 'de', timeZone: 'UTC' })).toMatch(/^Jan\.?$/);
    expect(formatChartTick(at, 0, { locale: 'ja', timeZone: 'UTC' })).toBe('2025年');
    expect(formatChartTime(at, { locale: 'de', timeZone: 'UTC' })).toBe('15.01.2025, 13:05');
  });
});
