import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { AreaSeries, ColorType, LineSeries, LineStyle, createChart, type IPriceLine, type ISeriesApi, type TickMarkType, type Time, type UTCTimestamp } from 'lightweight-charts';
import { formatChartTick, formatTime, type ChartTick } from '@/shared/format/date';
import { intlLocale } from '@/shared/format/decimal-format';
import { formatPrice } from '@/shared/format/number';
import { getKline, streamSymbol } from '@/features/market';
import { marketSocket } from '@/shared/socket/socket-client';
import { Spinner } from '@/shared/ui';
import type { SecondOrder } from '../api';
import { orderDirection } from '../lib/contract-math';
import { chartPoint, placePoint, seedPoints, type LinePoint } from '../lib/line-points';

const UP = '#2ebd85';
const DOWN = '#f6465d';
const LINE = '#f0b90b';
/** Minutes of 1m history the line starts from. */
const SEED_MINUTES = 15;
/** Seconds shown when the chart opens (it can be scrolled back to the whole seed). */
const VISIBLE_SECONDS = 180;

/** Axis and crosshair prices through the spec 9 price formatter (the chart hands over floats; Decimal reads their shortest form). */
function axisPrice(price: number): string {
  return Number.isFinite(price) ? formatPrice(new Decimal(price)) : '';
}

/**
 * The coin's price over the last minutes: 1m history (each minute's open, and
 * the last close now), then every live DETAIL tick of the platform's index,
 * one point per second. A hidden series holds every second of the span, so
 * the horizontal scale is proportional to time (lightweight-charts spaces
 * points evenly) and the minute points sit a minute apart. Open orders on the
 * coin show as lines at their open prices.
 */
export function LiveLineChart({ symbol, orders }: { symbol: string; orders: SecondOrder[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'empty'>('loading');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#aab2c2', fontSize: 11, attributionLogo: false },
      grid: { vertLines: { color: 'rgba(38,46,62,.45)' }, horzLines: { color: 'rgba(38,46,62,.45)' } },
      rightPriceScale: { borderColor: '#262e3e', scaleMargins: { top: 0.15, bottom: 0.12 } },
      // Times in the interface language and the browser's time zone, to the second.
      localization: { locale: intlLocale(), timeFormatter: (time: Time) => formatTime(Number(time) * 1000) },
      timeScale: {
        borderColor: '#262e3e',
        timeVisible: true,
        secondsVisible: true,
        rightOffset: 12,
        lockVisibleTimeRangeOnResize: true,
        tickMarkFormatter: (time: Time, tick: TickMarkType) => formatChartTick(Number(time), tick as ChartTick),
      },
      crosshair: { mode: 0 },
    });
    const clock = chart.addSeries(LineSeries, { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false });
    const line = chart.addSeries(AreaSeries, {
      lineColor: LINE,
      topColor: 'rgba(240,185,11,.28)',
      bottomColor: 'rgba(240,185,11,0)',
      lineWidth: 2,
      priceLineColor: LINE,
      priceFormat: { type: 'custom', formatter: axisPrice, minMove: 0.000001 },
    });
    seriesRef.current = line;

    let points: LinePoint[] = [];
    let clockEnd = 0;
    let seeded = false;
    const early: LinePoint[] = [];
    const add = (p: LinePoint): boolean => {
      const where = placePoint(points, p);
      if (where === 'skip') return false;
      if (where === 'replace') points[points.length - 1] = p;
      else points.push(p);
      return true;
    };
    /** Every second up to `time` on the hidden series: the scale stays proportional to time. */
    const extendClock = (time: number) => {
      for (let s = clockEnd + 1; s <= time; s += 1) clock.update({ time: s as UTCTimestamp });
      clockEnd = Math.max(clockEnd, time);
    };
    const draw = (now: number) => {
      if (!points.length) return;
      const from = points[0].time;
      const to = Math.max(now, points[points.length - 1].time);
      const seconds: { time: UTCTimestamp }[] = [];
      for (let s = from; s <= to; s += 1) seconds.push({ time: s as UTCTimestamp });
      clockEnd = to;
      clock.setData(seconds);
      line.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      const n = seconds.length;
      chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, n - VISIBLE_SECONDS), to: n + 12 });
      setState('ready');
    };

    getKline(symbol, '1m', SEED_MINUTES)
      .catch(() => [])
      .then((candles) => {
        if (cancelled) return;
        const now = Math.floor(Date.now() / 1000);
        points = seedPoints(candles, now);
        // Ticks that came while the history loaded go after it.
        for (const p of early) add(p);
        seeded = true;
        if (points.length) draw(now);
        else setState('empty');
      });

    const off = marketSocket().on('DETAIL', (message) => {
      if (!message.symbol || streamSymbol(message.symbol) !== symbol) return;
      const p = chartPoint(message.data);
      if (!p) return;
      if (!seeded) {
        early.push(p);
        return;
      }
      if (!points.length) {
        points = [p];
        draw(p.time);
        return;
      }
      if (!add(p)) return;
      extendClock(p.time);
      line.update({ time: p.time as UTCTimestamp, value: p.value });
    });

    return () => {
      cancelled = true;
      off();
      seriesRef.current = null;
      chart.remove();
    };
  }, [symbol]);

  // Open orders on this coin: a dashed line at each open price, green up, red down.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const lines: IPriceLine[] = [];
    for (const o of orders) {
      if (streamSymbol(o.symbol) !== symbol) continue;
      const price = Number(o.openPrice); // drawing only: the chart plots floats
      if (!Number.isFinite(price)) continue;
      const up = orderDirection(o) === 'up';
      lines.push(series.createPriceLine({ price, color: up ? UP : DOWN, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: up ? '▲' : '▼' }));
    }
    return () => {
      for (const l of lines) {
        try {
          series.removePriceLine(l);
        } catch {
          /* the chart went first */
        }
      }
    };
  }, [orders, symbol, state]);

  return (
    <div className="chart-wrap" data-testid="sc-chart" data-state={state} aria-label={t('sc_chart')} role="img">
      <div ref={box} className="chart-box" />
      {state === 'loading' ? (
        <div className="chart-overlay">
          <Spinner />
        </div>
      ) : null}
      {state === 'empty' ? <div className="chart-overlay muted">{t('market_chartEmpty')}</div> : null}
    </div>
  );
}
