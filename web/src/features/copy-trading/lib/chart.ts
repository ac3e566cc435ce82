/**
 * Geometry of the small charts (the card's sparkline, the trader's daily ROI
 * bars). The figures are added up exactly (decimal.js); only the drawing
 * coordinates become JS numbers, at the chart boundary.
 */
import Decimal from 'decimal.js';
import { toDecimal } from '@/shared/format/number';
import type { TraderProfitDay } from '../api';

/** Running total of daily percents (a malformed day counts as 0). */
export function cumulative(series: readonly string[]): Decimal[] {
  let sum = new Decimal(0);
  return series.map((v) => (sum = sum.plus(toDecimal(v) ?? 0)));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The sparkline of a 30-day series: the cumulative ROI curve from 0, as SVG
 * polyline points in a `width` × `height` box; "" with fewer than one day.
 */
export function sparklinePoints(series: readonly string[], width: number, height: number, pad = 2): string {
  if (series.length === 0) return '';
  const values = [new Decimal(0), ...cumulative(series)];
  const min = Decimal.min(...values);
  const max = Decimal.max(...values);
  const span = max.minus(min);
  const inner = height - pad * 2;
  const step = width / (values.length - 1);
  return values
    .map((v, i) => {
      const y = span.isZero() ? height / 2 : pad + inner - v.minus(min).div(span).times(inner).toNumber();
      return `${round(i * step)},${round(y)}`;
    })
    .join(' ');
}

/** The cumulative ROI at the end of the series ("3.2"). */
export function seriesTotal(series: readonly string[]): string {
  const all = cumulative(series);
  return (all[all.length - 1] ?? new Decimal(0)).toFixed();
}

export interface Bar {
  day: string;
  rate: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** 1 up, -1 down, 0 flat. */
  sign: -1 | 0 | 1;
}

/** Daily ROI bars around a zero line; `zero` is the line's y. */
export function roiBars(days: readonly TraderProfitDay[], width: number, height: number, gap = 2): { bars: Bar[]; zero: number } {
  const rates = days.map((d) => toDecimal(d.rewardRate) ?? new Decimal(0));
  const top = Decimal.max(0, ...rates);
  const bottom = Decimal.min(0, ...rates);
  const span = top.minus(bottom);
  const zero = span.isZero() ? height / 2 : top.div(span).times(height).toNumber();
  const slot = days.length ? width / days.length : 0;
  const bars = days.map((d, i) => {
    const r = rates[i];
    const h = span.isZero() ? 0 : r.abs().div(span).times(height).toNumber();
    const sign: -1 | 0 | 1 = r.isZero() ? 0 : r.isNegative() ? -1 : 1;
    return {
      day: d.day,
      rate: d.rewardRate,
      x: round(i * slot + gap / 2),
      y: round(sign < 0 ? zero : zero - h),
      width: round(Math.max(1, slot - gap)),
      height: round(Math.max(sign === 0 ? 0 : 1, h)),
      sign,
    };
  });
  return { bars, zero: round(zero) };
}
