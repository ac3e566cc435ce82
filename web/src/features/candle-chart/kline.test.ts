import { bucketStart, candleFromMessage, isForChart, mergeCandles, movingAverage, toChartBars } from './kline';

const c = (t: number, close = '1') => ({ openTimeMs: t, open: '1', high: '2', low: '0.5', close, volume: '3' });

describe('kline helpers', () => {
  it('merges pages oldest first without duplicates, newer copy wins', () => {
    const merged = mergeCandles([c(1000), c(2000, 'old')], [c(2000, 'new'), c(3000)]);
    expect(merged.map((x) => x.openTimeMs)).toEqual([1000, 2000, 3000]);
    expect(merged[1].close).toBe('new');
  });

  it('buckets times per interval; weeks start on Monday UTC', () => {
    const t = Date.UTC(2026, 10, 22, 11, 7, 42); // Sunday
    expect(bucketStart(t, '1m')).toBe(Date.UTC(2026, 10, 22, 11, 7));
    expect(bucketStart(t, '15m')).toBe(Date.UTC(2026, 10, 22, 11, 0));
    expect(bucketStart(t, '4h')).toBe(Date.UTC(2026, 10, 22, 8, 0));
    expect(bucketStart(t, '1d')).toBe(Date.UTC(2026, 10, 22));
    expect(bucketStart(t, '1w')).toBe(Date.UTC(2026, 10, 16)); // Monday
  });

  it('reads a KLINE message, with or without its open time', () => {
    const m = { type: 'KLINE', symbol: 'btcusdt', data: { open: '1', close: '2', high: '3', low: '0.5', vol: '9', openTimeMs: Date.UTC(2026, 0, 1, 0, 1) } };
    expect(candleFromMessage(m, '1m')).toEqual({ openTimeMs: Date.UTC(2026, 0, 1, 0, 1), open: '1', close: '2', high: '3', low: '0.5', volume: '9', quoteVolume: undefined });
    const noTime = { type: 'KLINE', symbol: 'btcusdt', data: { open: '1', close: '2', high: '3', low: '0.5', vol: '9' } };
    expect(candleFromMessage(noTime, '5m', Date.UTC(2026, 0, 1, 0, 7))?.openTimeMs).toBe(Date.UTC(2026, 0, 1, 0, 5));
    expect(candleFromMessage({ type: 'KLINE', data: { close: '1' } }, '1m')).toBeNull();
  });

  it('matches messages to the chart by symbol and interval', () => {
    const m = (symbol: string, interval?: string) => ({ type: 'KLINE', symbol, interval, data: {} });
    expect(isForChart(m('BTCUSDT', '1m'), 'btcusdt', '1m')).toBe(true);
    expect(isForChart(m('btcusdt'), 'btcusdt', '1h')).toBe(true);
    expect(isForChart(m('btcusdt', '5m'), 'btcusdt', '1m')).toBe(false);
    expect(isForChart(m('ethusdt', '1m'), 'btcusdt', '1m')).toBe(false);
  });

  it('converts to chart numbers in seconds and colours volume by direction', () => {
    const { bars, volumes } = toChartBars([c(60_000, '2'), { ...c(120_000), close: '0.9' }], 'g', 'r');
    expect(bars[0]).toEqual({ time: 60, open: 1, high: 2, low: 0.5, close: 2 });
    expect(volumes.map((v) => v.color)).toEqual(['g', 'r']);
  });
});

describe('moving averages', () => {
  const closes = (...xs: string[]) => xs.map((x, i) => c((i + 1) * 60_000, x));

  it('averages the last n closes exactly, from the n-th candle on', () => {
    const ma = movingAverage(closes('1', '2', '3', '4.5', '0.1'), 3);
    expect(ma.map((p) => p.value.toString())).toEqual(['2', '3.1666666666666666667', '2.5333333333333333333']);
    expect(ma.map((p) => p.time)).toEqual([180, 240, 300]);
  });

  it('keeps decimals a float would lose', () => {
    const ma = movingAverage(closes('0.1', '0.2'), 2);
    expect(ma[0].value.toString()).toBe('0.15');
    expect(movingAverage(closes('95012.33', '95012.34'), 2)[0].value.toString()).toBe('95012.335');
  });

  it('draws nothing with fewer candles than the period', () => {
    expect(movingAverage(closes('1', '2'), 7)).toEqual([]);
    expect(movingAverage([], 25)).toEqual([]);
  });
});
