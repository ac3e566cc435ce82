/**
 * Dates and times in the interface language and the browser's time zone
 * (Intl.DateTimeFormat), 24-hour clock, Latin digits: "01/15/2025, 13:05:09" in
 * English, "15.01.2025, 13:05:09" in German, "2025/01/15 13:05:09" in Japanese.
 * The server sends ISO times in UTC or epoch milliseconds.
 */
import { intlLocale } from './decimal-format';

export type DateInput = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** Language code; the interface language when absent. */
  locale?: string;
  /** IANA zone; the browser's when absent. */
  timeZone?: string;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
const STYLES = { dateTime: { ...DATE, ...TIME }, date: DATE, time: TIME } as const;
type Style = keyof typeof STYLES;

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, options: DateFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(options.locale);
  const key = `${style}|${locale}|${options.timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: options.timeZone });
    cache.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function format(style: Style, value: DateInput, options: DateFormatOptions): string {
  const d = toDate(value);
  if (!d) return typeof value === 'string' && value ? value : '--';
  return formatter(style, options).format(d);
}

export const formatDateTime = (value: DateInput, options: DateFormatOptions = {}) => format('dateTime', value, options);
export const formatDate = (value: DateInput, options: DateFormatOptions = {}) => format('date', value, options);
export const formatTime = (value: DateInput, options: DateFormatOptions = {}) => format('time', value, options);

/** What a chart's time axis labels (lightweight-charts TickMarkType: year, month, day, time, time with seconds). */
export type ChartTick = 0 | 1 | 2 | 3 | 4;

const TICKS: Record<ChartTick, Intl.DateTimeFormatOptions> = {
  0: { year: 'numeric' },
  1: { month: 'short' },
  2: { day: 'numeric' },
  3: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  4: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};
const CROSSHAIR: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * A chart's time axis mark for a bar time in UTC seconds, in the language and the
 * browser's time zone (the chart library itself would label UTC).
 */
export function formatChartTick(utcSeconds: number, tick: ChartTick, options: DateFormatOptions = {}): string {
  const locale = intlLocale(options.locale);
  return new Intl.DateTimeFormat(locale, { ...TICKS[tick], timeZone: options.timeZone }).format(new Date(utcSeconds * 1000));
}

/** The crosshair's time label: date and minutes, language and browser time zone. */
export function formatChartTime(utcSeconds: number, options: DateFormatOptions = {}): string {
  const locale = intlLocale(options.locale);
  return new Intl.DateTimeFormat(locale, { ...CROSSHAIR, timeZone: options.timeZone }).format(new Date(utcSeconds * 1000));
}
