import { dustPlan } from './dust';

describe('convert small balances', () => {
  it('pays for the dust with a price and sums it exactly', () => {
    const plan = dustPlan([
      { coin: 'BTC', amount: '0.000099', sellMin: '0.0001', usdtAmount: '4.94505' },
      { coin: 'DOGE', amount: '0.7', sellMin: '1', usdtAmount: '0.06993' },
      { coin: 'SOL', amount: '0.00001', sellMin: '0.0001', usdtAmount: null },
      { coin: 'TRX', amount: '0.000001', sellMin: '0.0001', usdtAmount: '0' },
    ]);
    expect(plan.convertible.map((d) => d.coin)).toEqual(['BTC', 'DOGE']);
    expect(plan.kept.map((d) => d.coin)).toEqual(['SOL', 'TRX']);
    // 4.94505 + 0.06993, not the float 5.014979999999999.
    expect(plan.total).toBe('5.01498');
  });

  it('is empty without dust', () => {
    expect(dustPlan(undefined)).toEqual({ convertible: [], kept: [], total: '0' });
    expect(dustPlan([])).toEqual({ convertible: [], kept: [], total: '0' });
  });
});
