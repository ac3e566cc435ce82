import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  financeDaily,
  financeTermInterest,
  fractionToPercent,
  interestStart,
  maturity,
  maxAmount,
  parseAmount,
  rateOn,
  stakingDaily,
  stakingTermEstimate,
  termDays,
} from './interest';

const at = (iso: string) => Date.parse(iso);

describe('finance interest', () => {
  it('a day is amount × apr / 100 / 365, rounded down to 8 decimals', () => {
    // 100 × 4 / 36500 = 0.010958904109...
    expect(financeDaily('100', '4').toFixed()).toBe('0.0109589');
    // 100 × 6 / 36500 = 0.016438356164...: rounding half up would give ...836
    expect(financeDaily('100', '6').toFixed()).toBe('0.01643835');
    expect(financeDaily('0.00000001', '10').toFixed()).toBe('0');
  });

  it('a term is the rounded day times the days, not the rounded total', () => {
    expect(financeTermInterest('100', '6', 30).toFixed()).toBe('0.4931505');
    // the exact 100 × 6 % × 30 / 365 would be 0.49315068...
    expect(financeTermInterest('100', '4', 7).toFixed()).toBe('0.0767123');
    expect(financeTermInterest('1000', '8.5', 90).toFixed()).toBe('20.9589039');
  });

  it('keeps digits beyond float precision', () => {
    expect(financeDaily('12345678901234.12345678', '3.65').toFixed()).toBe('1234567890.12341234');
  });
});

describe('staking interest', () => {
  it('a day is amount × rate / 100, rounded down to 8 decimals', () => {
    expect(stakingDaily('20', '0.02').toFixed()).toBe('0.004');
    expect(stakingDaily('33.33333333', '0.025').toFixed()).toBe('0.00833333');
  });

  it('the term estimate takes, for each day, the rate in force that day, across a change', () => {
    const today = at('2025-03-10T08:00:00Z');
    const schedule = [
      { fromTime: at('2025-03-10T00:00:00Z'), rate: '0.02' },
      { fromTime: at('2025-03-13T00:00:00Z'), rate: '0.025' },
    ];
    const start = interestStart(today);
    expect(start).toBe(at('2025-03-11T00:00:00Z'));
    // 11th and 12th at 0.02 (0.004 a day), the 28 days from the 13th at 0.025 (0.005 a day).
    expect(stakingTermEstimate('20', schedule, start, 30).toFixed()).toBe('0.148');
    // Rounded per day: 28 × 0.00833333 + 2 × 0.00666666
    expect(stakingTermEstimate('33.33333333', schedule, start, 30).toFixed()).toBe('0.24666656');
  });

  it('reads a schedule entry from 00:00 UTC of its day, the latest one in force', () => {
    const schedule = [
      { fromTime: at('2025-03-13T15:00:00Z'), rate: '0.03' },
      { fromTime: at('2025-03-10T00:00:00Z'), rate: '0.02' },
    ];
    expect(rateOn(schedule, at('2025-03-09T23:59:59Z'))).toBeNull();
    expect(rateOn(schedule, at('2025-03-12T23:59:59Z'))).toBe('0.02');
    expect(rateOn(schedule, at('2025-03-13T00:00:00Z'))).toBe('0.03');
    // A day no rate covers earns nothing.
    expect(stakingTermEstimate('100', schedule, at('2025-03-08T00:00:00Z'), 3).toFixed()).toBe('0.02');
  });
});

describe('interest start and maturity', () => {
  it('a subscription at 23:59:59 UTC starts one second later, at 00:00 UTC', () => {
    const start = interestStart(at('2025-01-15T23:59:59Z'));
    expect(new Date(start).toISOString()).toBe('2025-01-16T00:00:00.000Z');
    expect(new Date(maturity(start, 7)).toISOString()).toBe('2025-01-23T00:00:00.000Z');
    expect(new Date(interestStart(at('2025-01-15T23:59:59.999Z'))).toISOString()).toBe('2025-01-16T00:00:00.000Z');
  });

  it('a subscription at 00:00:00 UTC still starts the next day', () => {
    expect(new Date(interestStart(at('2025-01-15T00:00:00Z'))).toISOString()).toBe('2025-01-16T00:00:00.000Z');
  });

  it('counts whole UTC days across a month and a leap day', () => {
    const start = interestStart(at('2024-02-27T23:59:59Z'));
    expect(new Date(maturity(start, 30)).toISOString()).toBe('2024-03-29T00:00:00.000Z');
    expect(maturity(start, 1) - start).toBe(DAY_MS);
  });
});

describe('amount helpers', () => {
  it('parses positive amounts with at most 8 decimals', () => {
    expect(parseAmount('100')?.toFixed()).toBe('100');
    expect(parseAmount(' 0.00000001 ')?.toFixed()).toBe('0.00000001');
    expect(parseAmount('0.000000001')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('the max is the least of balance, product maximum and what the cap leaves, cut to 8 dp', () => {
    expect(maxAmount('250.123456789', '50000')).toBe('250.12345678');
    expect(maxAmount('90000', '50000')).toBe('50000');
    expect(maxAmount('90000', '50000', '1200')).toBe('1200');
    expect(maxAmount('90000', '0', '')).toBe('90000');
    expect(maxAmount('0', '50000')).toBe('');
    expect(maxAmount(undefined, '50000')).toBe('50000');
  });

  it('reads terms and penalty fractions', () => {
    expect(termDays('30')).toBe(30);
    expect(termDays('x')).toBe(0);
    expect(fractionToPercent('0.05')).toBe('5');
    expect(fractionToPercent('0.125')).toBe('12.5');
    expect(fractionToPercent('')).toBe('0');
  });
});

describe('precision', () => {
  it('computes 20 whole digits and 8 decimals exactly', () => {
    // 99999999999999999999.99999999 × 7.3 / 36500 = 19999999999999999.999999999998
    expect(financeDaily('99999999999999999999.99999999', '7.3').toFixed()).toBe('19999999999999999.99999999');
    expect(stakingDaily('99999999999999999999.99999999', '0.03').toFixed()).toBe('29999999999999999.99999999');
  });
});
