import Decimal from 'decimal.js';
import type { SocketMessage } from '@/shared/socket/socket-client';
import type { Candle, Interval } from '@/features/market';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
export const INTERVAL_MS: Record<Interval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': DAY,
  '1w': 7 * DAY,
};
/** 1970-01-01 was a Thursday: weekly candles start on Monday (UTC), four days later. */
const WEEK_ORIGIN = 4 * DAY;

/** Open time (UTC ms) of the candle holding `ms`. */
export function bucketStart(ms: number, interval: Interval): number {
  const size = INTERVAL_MS[interval];
  const origin = interval === '1w' ? WEEK_ORIGIN : 0;
  return Math.floor((ms - origin) / size) * size + origin;
}

/** Older and newer candles joined, one per open time (the newer copy wins), oldest first. */
export function mergeCandles(older: Candle[], newer: Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of older) byTime.set(c.openTimeMs, c);
  for (const c of newer) byTime.set(c.openTimeMs, c);
  return [...byTime.values()].sort((a, b) => a.openTimeMs - b.openTimeMs);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * A KLINE socket message as a candle. Its open time is `openTimeMs`, else `id`
 * (seconds, Huobi style) or `ts`/`time`, else the bucket of now. Null when the
 * message has no prices.
 */
export function candleFromMessage(message: SocketMessage, interval: Interval, now = Date.now()): Candle | null {
  const d = message.data;
  const open = str(d.open);
  const close = str(d.close);
  const high = str(d.high);
  const low = str(d.low);
  if (!open || !close || !high || !low) return null;
  let t: number | undefined;
  if (typeof d.openTimeMs === 'number') t = d.openTimeMs;
  else if (typeof d.id === 'number') t = d.id < 1e12 ? d.id * 1000 : d.id;
  else if (typeof d.ts === 'number') t = d.ts;
  else if (typeof d.time === 'number') t = d.time < 1e12 ? d.time * 1000 : d.time;
  const openTimeMs = bucketStart(t ?? now, interval);
  return { openTimeMs, open, high, low, close, volume: str(d.vol) ?? str(d.volume) ?? '0', quoteVolume: str(d.quoteVolume) };
}

/** Whether a KLINE message belongs to the chart showing `symbol` at `interval`. */
export function isForChart(message: SocketMessage, symbol: string, interval: Interval): boolean {
  if (!message.symbol || message.symbol.toLowerCase().replace(/[^a-z0-9]/g, '') !== symbol) return false;
  const iv = message.interval ?? (typeof message.data.interval === 'string' ? message.data.interval : undefined);
  return !iv || iv === interval;
}

export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
export interface VolumeBar {
  time: number;
  value: number;
  color: string;
}

/**
 * The chart boundary: lightweight-charts plots JS numbers, so this is the one place
 * decimal strings become floats - for drawing only. Every displayed figure (header,
 * axis labels through the chart's price formatter) is formatted from decimals.
 */
export function toChartBars(candles: Candle[], up: string, down: string): { bars: ChartBar[]; volumes: VolumeBar[] } {
  const bars: ChartBar[] = [];
  const volumes: VolumeBar[] = [];
  for (const c of candles) {
    const time = Math.floor(c.openTimeMs / 1000);
    const bar = { time, open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close) };
    bars.push(bar);
    volumes.push({ time, value: Number(c.volume), color: bar.close >= bar.open ? up : down });
  }
  return { bars, volumes };
}

/** The moving averages drawn over the candles, as most venues show them by default. */
export const MA_PERIODS = [7, 25, 99] as const;

export interface MaPoint {
  time: number;
  /** Exact average of the last `period` closes. */
  value: Decimal;
}

/**
 * The simple moving average of the closes over `period` candles, exact in
 * decimals (a running sum), one point per candle from the `period`-th on.
 */
export function movingAverage(candles: Candle[], period: number): MaPoint[] {
  const out: MaPoint[] = [];
  if (period < 1) return out;
  let sum = new Decimal(0);
  candles.forEach((c, i) => {
    sum = sum.plus(c.close);
    if (i >= period) sum = sum.minus(candles[i - period].close);
    if (i >= period - 1) out.push({ time: Math.floor(c.openTimeMs / 1000), value: sum.div(period) });
  });
  return out;
}
