import { progressPercent, reached } from './progress';

describe('task progress', () => {
  it('one-off tasks are 0 or 100', () => {
    expect(progressPercent('0', '1')).toBe('0');
    expect(progressPercent('1', '1')).toBe('100');
  });

  it('a volume is an exact share, cut to 2 decimals (never rounded up)', () => {
    expect(progressPercent('350.5', '1000')).toBe('35.05');
    expect(progressPercent('999.999', '1000')).toBe('99.99');
    expect(progressPercent('1', '3')).toBe('33.33');
    expect(progressPercent('0.1', '0.3')).toBe('33.33');
    expect(progressPercent('123456789012345678.9', '1000000000000000000')).toBe('12.34');
  });

  it('stays within 0..100', () => {
    expect(progressPercent('2500', '1000')).toBe('100');
    expect(progressPercent('-5', '1000')).toBe('0');
  });

  it('a missing or malformed figure, or a zero goal, never breaks the bar', () => {
    expect(progressPercent('', '1000')).toBe('0');
    expect(progressPercent('abc', '1000')).toBe('0');
    expect(progressPercent(null, '1')).toBe('0');
    expect(progressPercent('0', '0')).toBe('100');
  });

  it('reached compares exactly', () => {
    expect(reached('999.99999999', '1000')).toBe(false);
    expect(reached('1000.0', '1000')).toBe(true);
    expect(reached(undefined, '1')).toBe(false);
  });
});
