/**
 * Points of the live line chart. The chart boundary: lightweight-charts plots
 * JS numbers, so this is where decimal strings become floats - for drawing
 * only; every figure the screen writes comes from the decimals.
 */
import type { Candle } from '@/features/market';
import type { Tick } from '@/shared/socket/socket-client';

export interface LinePoint {
  /** UTC seconds. */
  time: number;
  value: number;
}

const plot = (text: unknown): number | null => {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * 1m history as line points: each minute's open at its start, and the last
 * minute's close at the end of that minute (or now, while it runs). Oldest first,
 * one point per second at most.
 */
export function seedPoints(candles: readonly Candle[], nowSec: number): LinePoint[] {
  const sorted = [...candles].sort((a, b) => a.openTimeMs - b.openTimeMs);
  const out: LinePoint[] = [];
  for (const c of sorted) {
    const time = Math.floor(c.openTimeMs / 1000);
    const value = plot(c.open);
    if (value === null || (out.length && time <= out[out.length - 1].time)) continue;
    out.push({ time, value });
  }
  const last = sorted[sorted.length - 1];
  const close = last ? plot(last.close) : null;
  if (last && close !== null && out.length) {
    const time = Math.min(Math.floor(last.openTimeMs / 1000) + 59, nowSec);
    if (time > out[out.length - 1].time) out.push({ time, value: close });
  }
  return out;
}

/** A DETAIL tick as a point: its close at its own second (`ts`, ms), else now. */
export function chartPoint(tick: Tick, nowMs = Date.now()): LinePoint | null {
  const value = plot(tick.close);
  if (value === null) return null;
  const ts = typeof tick.ts === 'number' && Number.isFinite(tick.ts) ? tick.ts : nowMs;
  return { time: Math.floor(ts / 1000), value };
}

/** Where a new point goes: after the last, over the last (same second), or nowhere (older). */
export function placePoint(points: readonly LinePoint[], p: LinePoint): 'append' | 'replace' | 'skip' {
  const last = points[points.length - 1];
  if (!last || p.time > last.time) return 'append';
  return p.time === last.time ? 'replace' : 'skip';
}
