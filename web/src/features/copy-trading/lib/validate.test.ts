import { describe, expect, it } from 'vitest';
import type { MineTrader } from '../api';
import { emptyFollowForm, formFromFollow, percentIn, validateFollow, type FollowForm } from './validate';

const base: FollowForm = { followType: 0, followRate: '50', followAmount: '', symbols: ['btc', 'eth'], budget: '', stopLossRate: '' };

describe('validateFollow', () => {
  it('a ratio follow sends the ratio and the coins, nothing else', () => {
    expect(validateFollow(base)).toEqual({ ok: true, input: { followType: 0, followRate: '50', followSymbol: 'btc,eth' } });
  });

  it('the ratio is 1 to 500 % with at most 2 decimals', () => {
    for (const ok of ['1', '500', '12.5', '99.99']) expect(validateFollow({ ...base, followRate: ok }).ok, ok).toBe(true);
    for (const bad of ['', '0', '0.99', '500.01', '501', '1.234', 'abc', '-5', '1e2']) {
      const r = validateFollow({ ...base, followRate: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.errors.followRate).toEqual({ kind: 'rate' });
    }
  });

  it('normalises what it sends (leading zeros, trailing zeros)', () => {
    const r = validateFollow({ ...base, followRate: '050.50', symbols: [' BTC ', 'btc', 'eth'] });
    expect(r).toEqual({ ok: true, input: { followType: 0, followRate: '50.5', followSymbol: 'btc,eth' } });
  });

  it('a fixed amount needs at least the trader’s minimum, in USDT cents', () => {
    const form = { ...base, followType: 1 as const, followAmount: '100' };
    expect(validateFollow(form, { minFollowAmount: '10' })).toEqual({ ok: true, input: { followType: 1, followAmount: '100', followSymbol: 'btc,eth' } });
    const low = validateFollow({ ...form, followAmount: '9.99' }, { minFollowAmount: '10' });
    expect(low.ok ? null : low.errors.followAmount).toEqual({ kind: 'amount', error: { kind: 'min', min: '10' } });
    const fine = validateFollow({ ...form, followAmount: '10.001' }, { minFollowAmount: '10' });
    expect(fine.ok ? null : fine.errors.followAmount).toEqual({ kind: 'amount', error: { kind: 'precision', scale: 2 } });
    const empty = validateFollow({ ...form, followAmount: '' });
    expect(empty.ok ? null : empty.errors.followAmount).toEqual({ kind: 'amount', error: { kind: 'empty' } });
  });

  it('needs at least one coin', () => {
    const r = validateFollow({ ...base, symbols: [] });
    expect(r.ok ? null : r.errors.symbols).toEqual({ kind: 'symbols' });
  });

  it('a budget is optional, and at a fixed amount not below the margin per order', () => {
    expect(validateFollow({ ...base, budget: '1000' })).toEqual({ ok: true, input: { followType: 0, followRate: '50', followSymbol: 'btc,eth', budget: '1000' } });
    const below = validateFollow({ ...base, followType: 1, followAmount: '100', budget: '99.99' });
    expect(below.ok ? null : below.errors.budget).toEqual({ kind: 'budgetBelowMargin', margin: '100' });
    const bad = validateFollow({ ...base, budget: '0' });
    expect(bad.ok ? null : bad.errors.budget).toEqual({ kind: 'amount', error: { kind: 'positive' } });
  });

  it('a stop-loss needs a budget and is above 0 and at most 100 %', () => {
    const alone = validateFollow({ ...base, stopLossRate: '50' });
    expect(alone.ok ? null : alone.errors.stopLossRate).toEqual({ kind: 'stopNeedsBudget' });
    expect(validateFollow({ ...base, budget: '500', stopLossRate: '50' })).toEqual({
      ok: true,
      input: { followType: 0, followRate: '50', followSymbol: 'btc,eth', budget: '500', stopLossRate: '50' },
    });
    for (const bad of ['0', '100.01', '101', '-1', '1.234']) {
      const r = validateFollow({ ...base, budget: '500', stopLossRate: bad });
      expect(r.ok ? null : r.errors.stopLossRate, bad).toEqual({ kind: 'stopRange' });
    }
    expect(validateFollow({ ...base, budget: '500', stopLossRate: '100' }).ok).toBe(true);
  });

  it('reports every wrong field at once', () => {
    const r = validateFollow({ followType: 0, followRate: '0', followAmount: '', symbols: [], budget: 'x', stopLossRate: '5' });
    expect(r.ok ? [] : Object.keys(r.errors).sort()).toEqual(['budget', 'followRate', 'symbols']);
  });
});

describe('forms', () => {
  it('a new follow starts at 100 % of every coin', () => {
    expect(emptyFollowForm(['btc'])).toEqual({ followType: 0, followRate: '100', followAmount: '', symbols: ['btc'], budget: '', stopLossRate: '' });
  });

  it('an edit starts from the active follow', () => {
    const row = { followType: 1, followRate: '0', followAmount: '25', followSymbol: 'BTC, eth', budget: '300', stopLossRate: null } as unknown as MineTrader;
    expect(formFromFollow(row)).toEqual({ followType: 1, followRate: '0', followAmount: '25', symbols: ['btc', 'eth'], budget: '300', stopLossRate: '' });
  });

  it('percentIn bounds', () => {
    expect(percentIn('0', 0, 100, true)).toBeNull();
    expect(percentIn('0', 0, 100)?.toFixed()).toBe('0');
    expect(percentIn(' 7.5 ', 1, 10)?.toFixed()).toBe('7.5');
  });
});
