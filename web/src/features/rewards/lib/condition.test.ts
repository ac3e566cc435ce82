import { isAnyDeposit } from './condition';

describe('isAnyDeposit', () => {
  it('a minimum of zero asks for the first deposit of any size', () => {
    expect(isAnyDeposit('0')).toBe(true);
    expect(isAnyDeposit('0.00')).toBe(true);
    expect(isAnyDeposit('')).toBe(true);
  });

  it('a positive minimum is a total to reach', () => {
    expect(isAnyDeposit('0.00000001')).toBe(false);
    expect(isAnyDeposit('20')).toBe(false);
  });
});
