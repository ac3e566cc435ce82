import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { CandlestickSeries, ColorType, HistogramSeries, LineSeries, createChart, type IChartApi, type ISeriesApi, type LogicalRange, type TickMarkType, type Time, type UTCTimestamp } from 'lightweight-charts';
import { formatCompact, formatPrice } from '@/shared/format/number';
import { formatChartTick, formatChartTime, type ChartTick } from '@/shared/format/date';
import { intlLocale } from '@/shared/format/decimal-format';
import { getKline, type Candle, type Interval } from '@/features/market';
import { marketSocket } from '@/shared/socket/socket-client';
import { useSocketSubscription } from '@/shared/socket/use-socket';
import { Spinner } from '@/shared/ui';
import { MA_PERIODS, candleFromMessage, isForChart, mergeCandles, movingAverage, toChartBars } from './kline';

const UP = '#2ebd85';
const DOWN = '#f6465d';
/** MA(7), MA(25), MA(99) line colours. */
const MA_COLORS = ['#f0b90b', '#c86bf2', '#5aa9f6'] as const;
const PAGE = 500;
/** Load older candles when fewer than this many bars are left of the visible range. */
const LOAD_MORE_AT = 10;

/**
 * Axis labels through the spec 9 price formatter. The chart hands us a float (its
 * plotting unit); Decimal takes it from its shortest string form, so the label is
 * truncated by the same rules as every other price.
 */
function axisPrice(price: number): string {
  return Number.isFinite(price) ? formatPrice(new Decimal(price)) : '';
}

/** Volume axis labels: compact K/M/B/T, truncated (spec 9); same float-to-Decimal boundary as prices. */
function axisVolume(value: number): string {
  return Number.isFinite(value) ? formatCompact(new Decimal(value)) : '';
}

/** The smallest price step the axis shows, by magnitude of the last price. */
function minMove(last: Candle | undefined): number {
  const abs = last ? new Decimal(last.close).abs() : new Decimal(100);
  if (abs.gte(100)) return 0.01;
  if (abs.gte(10)) return 0.0001;
  if (abs.gte('0.001')) return 0.000001;
  return 1e-10;
}

/** Candles + volume pane (lightweight-charts v5), live from KLINE, older pages on scroll left. */
export function CandleChart({ symbol, interval }: { symbol: string; interval: Interval }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const maRefs = useRef<ISeriesApi<'Line'>[]>([]);
  /** The newest MA values for the legend, exact; null before a period's worth of candles. */
  const [maLast, setMaLast] = useState<(Decimal | null)[]>(() => MA_PERIODS.map(() => null));
  const data = useRef<Candle[]>([]);
  const paging = useRef({ loading: false, exhausted: false });
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');

  useSocketSubscription('kline', symbol, interval);

  // One chart per mount.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#aab2c2',
        fontSize: 11,
        panes: { separatorColor: '#262e3e', enableResize: false },
        attributionLogo: false,
      },
      grid: { vertLines: { color: 'rgba(38,46,62,.5)' }, horzLines: { color: 'rgba(38,46,62,.5)' } },
      rightPriceScale: { borderColor: '#262e3e' },
      // Times in the interface language and the browser's time zone (the library would label UTC).
      localization: { locale: intlLocale(), timeFormatter: (time: Time) => formatChartTime(Number(time)) },
      timeScale: { borderColor: '#262e3e', timeVisible: true, secondsVisible: false, rightOffset: 4, tickMarkFormatter: (time: Time, tick: TickMarkType) => formatChartTick(Number(time), tick as ChartTick) },
      crosshair: { mode: 1 },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderUpColor: UP,
      borderDownColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      priceFormat: { type: 'custom', formatter: axisPrice, minMove: 0.01 },
    });
    // Moving averages: drawn as floats (the chart's unit), their legend exact.
    maRefs.current = MA_PERIODS.map((_, i) =>
      chart.addSeries(LineSeries, { color: MA_COLORS[i], lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false, priceFormat: { type: 'custom', formatter: axisPrice, minMove: 0.01 } }),
    );
    const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'custom', formatter: axisVolume, minMove: 0.0001 }, priceLineVisible: false, lastValueVisible: false }, 1);
    const panes = chart.panes();
    panes[0]?.setStretchFactor(3);
    panes[1]?.setStretchFactor(1);
    chartRef.current = chart;
    candleRef.current = candles;
    volumeRef.current = volume;
    return () => {
      chart.remove();
      chartRef.current = null;
      candleRef.current = null;
      volumeRef.current = null;
      maRefs.current = [];
    };
  }, []);

  // History for this symbol/interval, then older pages when the user scrolls left.
  useEffect(() => {
    let cancelled = false;
    data.current = [];
    paging.current = { loading: true, exhausted: false };
    setState('loading');
    const draw = () => {
      const { bars, volumes } = toChartBars(data.current, 'rgba(46,189,133,.5)', 'rgba(246,70,93,.5)');
      candleRef.current?.applyOptions({ priceFormat: { type: 'custom', formatter: axisPrice, minMove: minMove(data.current[data.current.length - 1]) } });
      candleRef.current?.setData(bars.map((b) => ({ ...b, time: b.time as UTCTimestamp })));
      volumeRef.current?.setData(volumes.map((v) => ({ ...v, time: v.time as UTCTimestamp })));
      drawAverages();
    };
    const drawAverages = () => {
      const last: (Decimal | null)[] = [];
      MA_PERIODS.forEach((period, i) => {
        const points = movingAverage(data.current, period);
        maRefs.current[i]?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value.toNumber() })));
        last.push(points.length ? points[points.length - 1].value : null);
      });
      setMaLast(last);
    };
    getKline(symbol, interval, PAGE)
      .then((rows) => {
        if (cancelled) return;
        data.current = mergeCandles([], rows);
        paging.current = { loading: false, exhausted: rows.length < PAGE };
        draw();
        chartRef.current?.timeScale().fitContent();
        if (rows.length > 120) {
          const n = data.current.length;
          chartRef.current?.timeScale().setVisibleLogicalRange({ from: n - 90, to: n + 3 });
        }
        setState(rows.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (cancelled) return;
        paging.current = { loading: false, exhausted: true };
        setState('error');
      });

    const loadOlder = (range: LogicalRange | null) => {
      const p = paging.current;
      if (!range || p.loading || p.exhausted || !data.current.length || range.from > LOAD_MORE_AT) return;
      p.loading = true;
      const oldest = data.current[0].openTimeMs;
      getKline(symbol, interval, PAGE, oldest - 1)
        .then((rows) => {
          if (cancelled) return;
          const older = rows.filter((r) => r.openTimeMs < oldest);
          paging.current = { loading: false, exhausted: older.length === 0 };
          if (!older.length) return;
          const ts = chartRef.current?.timeScale();
          const visible = ts?.getVisibleLogicalRange();
          const before = data.current.length;
          data.current = mergeCandles(older, data.current);
          draw();
          const added = data.current.length - before;
          // Keep the bars the user is looking at in place.
          if (ts && visible) ts.setVisibleLogicalRange({ from: visible.from + added, to: visible.to + added });
        })
        .catch(() => {
          paging.current = { loading: false, exhausted: false };
        });
    };
    const ts = chartRef.current?.timeScale();
    ts?.subscribeVisibleLogicalRangeChange(loadOlder);

    const off = marketSocket().on('KLINE', (message) => {
      if (!isForChart(message, symbol, interval) || (paging.current.loading && !data.current.length)) return;
      const candle = candleFromMessage(message, interval);
      if (!candle) return;
      const last = data.current[data.current.length - 1];
      if (last && candle.openTimeMs < last.openTimeMs) return;
      if (last && candle.openTimeMs === last.openTimeMs) data.current[data.current.length - 1] = candle;
      else data.current.push(candle);
      const { bars, volumes } = toChartBars([candle], 'rgba(46,189,133,.5)', 'rgba(246,70,93,.5)');
      candleRef.current?.update({ ...bars[0], time: bars[0].time as UTCTimestamp });
      volumeRef.current?.update({ ...volumes[0], time: volumes[0].time as UTCTimestamp });
      // Only the newest point of each average moves: its window is the last candles.
      const newest: (Decimal | null)[] = [];
      MA_PERIODS.forEach((period, i) => {
        const tail = movingAverage(data.current.slice(-period), period)[0];
        if (tail) maRefs.current[i]?.update({ time: tail.time as UTCTimestamp, value: tail.value.toNumber() });
        newest.push(tail ? tail.value : null);
      });
      setMaLast(newest);
      setState('ready');
    });

    return () => {
      cancelled = true;
      ts?.unsubscribeVisibleLogicalRangeChange(loadOlder);
      off();
    };
  }, [symbol, interval]);

  return (
    <div className="chart-wrap" data-testid="market-chart" data-state={state}>
      <div ref={box} className="chart-box" />
      {state === 'ready' ? (
        <div className="chart-legend mono" data-testid="chart-ma">
          {MA_PERIODS.map((period, i) => (
            <span key={period} style={{ color: MA_COLORS[i] }}>
              MA({period}) {maLast[i] ? formatPrice(maLast[i]) : '--'}
            </span>
          ))}
        </div>
      ) : null}
      {state === 'loading' ? (
        <div className="chart-overlay">
          <Spinner />
        </div>
      ) : null}
      {state === 'empty' || state === 'error' ? <div className="chart-overlay muted">{t('market_chartEmpty')}</div> : null}
    </div>
  );
}
