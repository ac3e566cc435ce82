import { describe, expect, it } from 'vitest';
import { clockText, entryState, issueAt, optionFee } from './issue';

describe('issues', () => {
  it('tile the clock and close for entry at the cutoff', () => {
    const now = 1_764_028_867_250; // 00:01:07.250 UTC
    const i = issueAt(now, 60, 5)!;
    expect(i.start % 60_000).toBe(0);
    expect(i.end - i.start).toBe(60_000);
    expect(i.no).toBe(Math.floor(now / 60_000));
    expect(i.cutoffAt).toBe(i.end - 5_000);
    expect(entryState(i, i.start)).toEqual({ open: true, secondsToCutoff: 55, secondsToEnd: 60 });
    expect(entryState(i, i.cutoffAt - 1)).toMatchObject({ open: true, secondsToCutoff: 1 });
    expect(entryState(i, i.cutoffAt)).toEqual({ open: false, secondsToNext: 5 });
    expect(issueAt(i.end, 60, 5)!.no).toBe(i.no + 1);
  });

  it('refuse a cutoff as long as the period', () => {
    expect(issueAt(0, 60, 60)).toBeNull();
    expect(issueAt(0, 0, 0)).toBeNull();
    expect(issueAt(0, 60, -1)).toBeNull();
  });

  it('count down in minutes and seconds', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65)).toBe('01:05');
    expect(clockText(600)).toBe('10:00');
  });
});

describe('the fee', () => {
  it('is charged as the pair publishes it', () => {
    expect(optionFee('100', 1, '1')?.toFixed()).toBe('1');
    expect(optionFee('12.5', 1, '1')?.toFixed()).toBe('0.125');
    expect(optionFee('0.00000001', 1, '1')?.toFixed()).toBe('0.00000001');
    expect(optionFee('100', 2, '0.5')?.toFixed()).toBe('0.5');
    expect(optionFee('100', 0, '7')?.toFixed()).toBe('0');
    expect(optionFee('100', 3, '1')).toBeNull();
    expect(optionFee('100', 1, '-1')).toBeNull();
  });
});
