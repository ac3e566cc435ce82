import { describe, expect, it } from 'vitest';
import { closeCount, contractsAt, countdown, entryStopProblem, isPositive, leverageChoices, percentOf, positionContracts, ratioFill } from './math';

describe('futures maths', () => {
  it('reads the leverage list in order without junk', () => {
    expect(leverageChoices('20, 5,x,10,5,0')).toEqual([5, 10, 20]);
    expect(leverageChoices(undefined)).toEqual([]);
  });

  it('takes whole contracts of a share of the most affordable', () => {
    expect(contractsAt('1650', 100)).toBe('1650');
    expect(contractsAt('1650', 25)).toBe('412');
    expect(contractsAt('3', 50)).toBe('1');
    expect(contractsAt('0', 50)).toBe('0');
    expect(contractsAt(null, 50)).toBe('0');
  });

  it('counts a position in contracts and closes a share of it', () => {
    expect(positionContracts('0.1', '0.0001').toFixed()).toBe('1000');
    expect(closeCount('0.1', '0.0001', 50)).toBe('500');
    expect(closeCount('0.0003', '0.0001', 50)).toBe('1');
    expect(closeCount('0.1', '0.0001', 100)).toBeNull();
  });

  it('counts down to the next funding', () => {
    expect(countdown(8 * 3600_000, 0)).toBe('08:00:00');
    expect(countdown(61_500, 0)).toBe('00:01:01');
    expect(countdown(0, 5_000)).toBe('00:00:00');
  });

  it('shows fractions as percents, truncated', () => {
    expect(percentOf('0.0001', 4)).toBe('0.0100');
    expect(percentOf('-0.123456')).toBe('-12.34');
    expect(percentOf(null)).toBeNull();
    expect(ratioFill('0.5')).toBe(50);
    expect(ratioFill('1.7')).toBe(100);
    expect(ratioFill(null)).toBe(0);
  });

  it('accepts only positive decimals within their places', () => {
    expect(isPositive('61000')).toBe(true);
    expect(isPositive('0.5', 2)).toBe(true);
    expect(isPositive('0.123', 2)).toBe(false);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(isPositive('1e5')).toBe(false);
  });
});

describe('entry take-profit and stop-loss', () => {
  it('puts a long take-profit above the fill and its stop-loss below, a short the other way', () => {
    expect(entryStopProblem('tp', false, '61000', '60000')).toBeNull();
    expect(entryStopProblem('tp', false, '60000', '60000')).toBe('above');
    expect(entryStopProblem('sl', false, '59000', '60000')).toBeNull();
    expect(entryStopProblem('sl', false, '60500', '60000')).toBe('below');
    expect(entryStopProblem('tp', true, '59000', '60000')).toBeNull();
    expect(entryStopProblem('tp', true, '61000', '60000')).toBe('below');
    expect(entryStopProblem('sl', true, '61000', '60000')).toBeNull();
    expect(entryStopProblem('sl', true, '59999', '60000')).toBe('above');
  });

  it('leaves an empty field alone and refuses what is not a price', () => {
    expect(entryStopProblem('tp', false, '', '60000')).toBeNull();
    expect(entryStopProblem('tp', false, '0', '60000')).toBe('price');
    expect(entryStopProblem('tp', false, '1e5', '60000')).toBe('price');
    expect(entryStopProblem('sl', false, '59000', null)).toBeNull();
  });
});
