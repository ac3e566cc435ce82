import { describe, expect, it } from 'vitest';
import { cumulative, roiBars, seriesTotal, sparklinePoints } from './chart';

describe('chart geometry', () => {
  it('adds daily percents exactly', () => {
    expect(cumulative(['0.1', '0.2', 'x', '-0.05']).map((d) => d.toFixed())).toEqual(['0.1', '0.3', '0.3', '0.25']);
    expect(seriesTotal(['0.1', '0.2'])).toBe('0.3');
    expect(seriesTotal([])).toBe('0');
  });

  it('the sparkline starts at 0 and spans the box: the highest point on top, the lowest at the bottom', () => {
    // cumulative: 0, 1, 3, 2 → min 0, max 3
    const pts = sparklinePoints(['1', '2', '-1'], 90, 40, 2).split(' ').map((p) => p.split(',').map(Number));
    expect(pts).toEqual([
      [0, 38],
      [30, 26],
      [60, 2],
      [90, 14],
    ]);
  });

  it('a flat or empty series', () => {
    expect(sparklinePoints([], 100, 40)).toBe('');
    expect(sparklinePoints(['0', '0'], 100, 40)).toBe('0,20 50,20 100,20');
  });

  it('bars grow up from the zero line for gains and down for losses', () => {
    const { bars, zero } = roiBars(
      [
        { day: '2026-11-01', rewardRate: '3', profit: '1' },
        { day: '2026-11-02', rewardRate: '-1', profit: '-1' },
        { day: '2026-11-03', rewardRate: '0', profit: '0' },
      ],
      30,
      40,
      0,
    );
    // top 3, bottom -1: zero line at 3/4 of 40
    expect(zero).toBe(30);
    expect(bars[0]).toMatchObject({ x: 0, y: 0, width: 10, height: 30, sign: 1 });
    expect(bars[1]).toMatchObject({ x: 10, y: 30, height: 10, sign: -1 });
    expect(bars[2]).toMatchObject({ height: 0, sign: 0 });
  });
});
