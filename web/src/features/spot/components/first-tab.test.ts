import { firstTabWithContent, type TradeTab } from './trade-tabs';

const ALL: TradeTab[] = ['optional', 'secondContract', 'BBTrading', 'Ustandard'];

describe('the tab /trade opens on', () => {
  it('is the watchlist when the user starred a coin', () => {
    expect(firstTabWithContent(ALL, () => true)).toBe('optional');
  });

  it('skips an empty watchlist for the next tab with rows', () => {
    const has: Record<TradeTab, boolean> = { optional: false, secondContract: false, BBTrading: true, Ustandard: true };
    expect(firstTabWithContent(ALL, (t) => has[t])).toBe('BBTrading');
    expect(firstTabWithContent(ALL, (t) => t === 'secondContract')).toBe('secondContract');
  });

  it('waits while an earlier tab is still loading', () => {
    expect(firstTabWithContent(ALL, (t) => (t === 'optional' ? undefined : true))).toBeNull();
    // A later tab still loading does not hold back an earlier one with rows.
    expect(firstTabWithContent(ALL, (t) => (t === 'optional' ? true : undefined))).toBe('optional');
  });

  it('falls back to the first tab when nothing has content, and to none without tabs', () => {
    expect(firstTabWithContent(ALL, () => false)).toBe('optional');
    expect(firstTabWithContent(['BBTrading', 'Ustandard'], () => false)).toBe('BBTrading');
    expect(firstTabWithContent([], () => true)).toBeUndefined();
  });
});
