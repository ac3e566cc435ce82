import { orderOutcome } from './order-outcome';

describe('what an order spent and gave back', () => {
  it('a market buy by 100 USDT that filled for 95.24 spent 95.24 and returned 4.76', () => {
    expect(orderOutcome({ spent: '95.24', spentCoin: 'USDT', returned: '4.76' })).toEqual({
      spent: { value: '95.24', coin: 'USDT' },
      returned: { value: '4.76', coin: 'USDT' },
    });
  });

  it('keeps every digit the server sent', () => {
    expect(orderOutcome({ spent: '95.2437600', spentCoin: 'USDT', returned: '0.00000001' }).returned?.value).toBe('0.00000001');
    expect(orderOutcome({ spent: '95.2437600', spentCoin: 'USDT', returned: null }).spent?.value).toBe('95.24376');
  });

  it('shows nothing for nothing: an open order, an unfilled one, a whole hold used', () => {
    expect(orderOutcome({ spent: '0', spentCoin: 'BTC', returned: null })).toEqual({ spent: null, returned: null });
    expect(orderOutcome({ spent: '0.2', spentCoin: 'BTC', returned: '0' })).toEqual({ spent: { value: '0.2', coin: 'BTC' }, returned: null });
  });
});
