import { chartPoint, placePoint, seedPoints } from './line-points';

const candle = (openTimeMs: number, open: string, close: string) => ({ openTimeMs, open, high: open, low: close, close, volume: '1' });

describe('live line points', () => {
  it('seeds each minute at its open, then the running minute at its close now', () => {
    const pts = seedPoints([candle(120_000, '101', '102'), candle(60_000, '100', '101')], 150);
    expect(pts).toEqual([
      { time: 60, value: 100 },
      { time: 120, value: 101 },
      { time: 150, value: 102 },
    ]);
  });
  it('puts a finished last minute at its last second, and skips unreadable prices', () => {
    expect(seedPoints([candle(60_000, 'x', '1'), candle(120_000, '5', '6')], 1_000)).toEqual([
      { time: 120, value: 5 },
      { time: 179, value: 6 },
    ]);
    expect(seedPoints([], 10)).toEqual([]);
  });
  it('a tick is its close at its own second', () => {
    expect(chartPoint({ close: '95016.13', ts: 1_795_564_122_100 })).toEqual({ time: 1_795_564_122, value: 95016.13 });
    expect(chartPoint({ close: '1.5' }, 10_999)).toEqual({ time: 10, value: 1.5 });
    expect(chartPoint({ close: '0' })).toBeNull();
    expect(chartPoint({})).toBeNull();
  });
  it('a later second appends, the same second replaces, an older one is dropped', () => {
    const pts = [{ time: 10, value: 1 }];
    expect(placePoint(pts, { time: 11, value: 2 })).toBe('append');
    expect(placePoint(pts, { time: 10, value: 2 })).toBe('replace');
    expect(placePoint(pts, { time: 9, value: 2 })).toBe('skip');
    expect(placePoint([], { time: 9, value: 2 })).toBe('append');
  });
});
