import Decimal from 'decimal.js';
import type { SpotPair } from './api';
import { amountFor, applyPercent, checkForm, estimateMarket, feeOn, linkLimit, openTypes, pairRules, share, totalFor, type FormState } from './order-math';

export const BTC: SpotPair = {
  id: 1,
  coin: 'btc',
  symbol: 'btcusdt',
  orderMin: '0.00001',
  orderMax: '1000000',
  buyMax: '50',
  sellMin: '0.0001',
  minSell: '0.00001',
  feeRate: '0.001',
  basePrecision: 4,
  coinPrecision: 4,
  limitedBuy: 1,
  limitedSell: 1,
  marketBuy: 1,
  marketSell: 1,
  enable: 1,
  isDeal: 1,
  isShow: 1,
};
const rules = pairRules(BTC);
const base: FormState = { side: 'buy', type: 'limit', price: '', amount: '', total: '', marketBy: 'amount' };

describe('pair rules', () => {
  it('reads precision, limits, fee and flags', () => {
    expect(rules.coin).toBe('BTC');
    expect(rules.coinScale).toBe(4);
    expect(rules.baseScale).toBe(4);
    expect(rules.buyMin.toFixed()).toBe('0.00001');
    expect(rules.buyMax?.toFixed()).toBe('50');
    expect(rules.sellMin.toFixed()).toBe('0.0001');
    expect(rules.sellMax?.toFixed()).toBe('1000000');
    expect(rules.feeRate.toFixed()).toBe('0.001');
    expect(rules.trading).toBe(true);
    expect(openTypes(rules, 'buy')).toEqual(['limit', 'market']);
  });
  it('closes types by flag and the pair by enable/isDeal', () => {
    const r = pairRules({ ...BTC, marketSell: '0', limitedBuy: 0, isDeal: '0' });
    expect(openTypes(r, 'sell')).toEqual(['limit']);
    expect(openTypes(r, 'buy')).toEqual(['market']);
    expect(r.trading).toBe(false);
  });
});

describe('linked amount and total', () => {
  it('truncates, never rounds up', () => {
    expect(totalFor('30000.5', '0.12345', 4)).toBe('3703.5617');
    expect(totalFor('0.3333', '3', 4)).toBe('0.9999');
    expect(amountFor('30000', '100', 4)).toBe('0.0033');
    expect(amountFor('3', '10', 0)).toBe('3');
    expect(totalFor('', '1', 4)).toBe('');
    expect(amountFor('0', '1', 4)).toBe('');
  });
  it('the other field follows the last sized one when the price changes', () => {
    let s: FormState = { ...base, price: '20000', amount: '0.5' };
    s = linkLimit(s, 'amount', 'amount', rules);
    expect(s.total).toBe('10000');
    s = linkLimit({ ...s, price: '25000' }, 'price', 'amount', rules);
    expect(s.total).toBe('12500');
    s = linkLimit({ ...s, total: '1000' }, 'total', 'total', rules);
    expect(s.amount).toBe('0.04');
    s = linkLimit({ ...s, price: '30000' }, 'price', 'total', rules);
    expect(s.amount).toBe('0.0333');
    expect(s.total).toBe('1000');
  });
});

describe('percent of the available balance', () => {
  it('sell: of the base coin, truncated to the quantity scale', () => {
    const s = applyPercent({ ...base, side: 'sell', price: '100' }, 25, '1.00019', rules);
    expect(s.amount).toBe('0.25');
    expect(s.total).toBe('25');
    expect(share('0.00003', 25, 4)).toBe('');
  });
  it('buy limit: of USDT as total, amount at the price', () => {
    const s = applyPercent({ ...base, price: '30000' }, 50, '10000', rules);
    expect(s.total).toBe('5000');
    expect(s.amount).toBe('0.1666');
  });
  it('market buy by total and by amount (walking the asks)', () => {
    expect(applyPercent({ ...base, type: 'market', marketBy: 'total' }, 100, '123.45678', rules).total).toBe('123.4567');
    const asks: [string, string][] = [
      ['100', '1'],
      ['200', '10'],
    ];
    expect(applyPercent({ ...base, type: 'market', marketBy: 'amount' }, 75, '400', rules, asks).amount).toBe('2');
  });
});

describe('fee and market estimate', () => {
  it('fee rounds up to 8 decimals', () => {
    expect(feeOn('0.123456789', new Decimal('0.001')).toFixed()).toBe('0.00012346');
    expect(feeOn('0', new Decimal('0.001')).toFixed()).toBe('0');
  });
  it('walks the book by amount and by total', () => {
    const asks: [string, string][] = [
      ['100', '1'],
      ['110', '2'],
    ];
    const byAmount = estimateMarket(asks, { amount: '2' }, 4);
    expect(byAmount.total.toFixed()).toBe('210');
    expect(byAmount.avgPrice?.toFixed()).toBe('105');
    expect(byAmount.complete).toBe(true);
    const byTotal = estimateMarket(asks, { total: '155' }, 4);
    expect(byTotal.amount.toFixed()).toBe('1.5');
    expect(byTotal.complete).toBe(true);
    expect(estimateMarket(asks, { amount: '5' }, 4).complete).toBe(false);
    expect(estimateMarket([], { total: '5' }, 4).complete).toBe(false);
  });
});

describe('form check', () => {
  it('limit buy: fields validated as typed, request built when valid', () => {
    const c = checkForm({ ...base, price: '100.12345', amount: '0.000001' }, rules, { available: '1000' });
    expect(c.price).toEqual({ kind: 'precision', scale: 4 });
    expect(c.amount).toEqual({ kind: 'precision', scale: 4 });
    expect(c.request).toBeNull();
    const ok = checkForm({ ...base, price: '100', amount: '2' }, rules, { available: '1000' });
    expect(ok.request).toEqual({ symbol: 'btcusdt', side: 'buy', type: 'limit', timeInForce: 'gtc', price: '100', amount: '2' });
    expect(ok.fee?.toFixed()).toBe('0.002');
    expect(ok.receive?.toFixed()).toBe('1.998');
    expect(ok.receiveCoin).toBe('BTC');
  });
  it('limit buy above the balance or the buy maximum is refused', () => {
    expect(checkForm({ ...base, price: '100', amount: '20' }, rules, { available: '1000' }).total).toEqual({ kind: 'balance', available: '1000' });
    expect(checkForm({ ...base, price: '1', amount: '51' }, rules, { available: '1000' }).amount).toEqual({ kind: 'max', max: '50' });
  });
  it('sell: minimum is the larger of orderMin/sellMin/minSell, amount within the coin balance, fee in USDT', () => {
    expect(rules.sellMin.toFixed()).toBe('0.0001');
    expect(checkForm({ ...base, side: 'sell', price: '100', amount: '0.005' }, pairRules({ ...BTC, minSell: '0.01' }), { available: '1' }).amount).toEqual({ kind: 'min', min: '0.01' });
    expect(checkForm({ ...base, side: 'sell', price: '100', amount: '2' }, rules, { available: '1' }).amount).toEqual({ kind: 'balance', available: '1' });
    const ok = checkForm({ ...base, side: 'sell', price: '100', amount: '1' }, rules, { available: '1' });
    expect(ok.fee?.toFixed()).toBe('0.1');
    expect(ok.receive?.toFixed()).toBe('99.9');
    expect(ok.receiveCoin).toBe('USDT');
  });
  it('market buy by total and market sell by amount', () => {
    const bids: [string, string][] = [['99', '1']];
    const buy = checkForm({ ...base, type: 'market', marketBy: 'total', total: '50' }, rules, { available: '100', book: [['100', '1']] });
    expect(buy.request).toEqual({ symbol: 'btcusdt', side: 'buy', type: 'market', total: '50' });
    expect(buy.estimate?.amount.toFixed()).toBe('0.5');
    expect(buy.receive?.toFixed()).toBe('0.4995');
    expect(checkForm({ ...base, type: 'market', marketBy: 'total', total: '150' }, rules, { available: '100' }).total).toEqual({ kind: 'balance', available: '100' });
    const sell = checkForm({ ...base, side: 'sell', type: 'market', amount: '0.5' }, rules, { available: '1', book: bids });
    expect(sell.request).toEqual({ symbol: 'btcusdt', side: 'sell', type: 'market', amount: '0.5' });
    expect(sell.receive?.toFixed()).toBe('49.4505');
  });
  it('a closed pair or order type blocks the request', () => {
    const closed = checkForm({ ...base, price: '1', amount: '1' }, pairRules({ ...BTC, enable: 0 }), { available: '10' });
    expect(closed.form).toEqual({ kind: 'closed' });
    expect(closed.request).toBeNull();
    const typeClosed = checkForm({ ...base, type: 'market', amount: '1' }, pairRules({ ...BTC, marketBuy: 0 }), { available: '10' });
    expect(typeClosed.form).toEqual({ kind: 'typeClosed' });
    expect(typeClosed.request).toBeNull();
  });
  it('numbers the engine cannot carry are refused before they are sent', () => {
    const huge = checkForm({ ...base, price: '79228162514264337593543950335', amount: '1' }, rules, { available: '1000' });
    expect(huge.price).toEqual({ kind: 'tooLarge' });
    expect(huge.request).toBeNull();
    // More than 2^53 ticks at 4 decimals.
    expect(checkForm({ ...base, price: '900719925475', amount: '1' }, rules, {}).price).toEqual({ kind: 'tooLarge' });
    const wide = pairRules({ ...BTC, orderMax: '100000000000' });
    const costly = checkForm({ ...base, side: 'sell', price: '100000000000', amount: '10000000000' }, wide, {});
    expect(costly.total).toEqual({ kind: 'tooLarge' });
    expect(costly.request).toBeNull();
    const total = checkForm({ ...base, type: 'market', marketBy: 'total', total: '1000000000' }, rules, {});
    expect(total.total).toEqual({ kind: 'tooLarge' });
    expect(total.request).toBeNull();
  });
  it('an empty form reports empty fields without a request', () => {
    const c = checkForm(base, rules, {});
    expect(c.price).toEqual({ kind: 'empty' });
    expect(c.amount).toEqual({ kind: 'empty' });
    expect(c.request).toBeNull();
  });
});

describe('market buy by total: the estimate is the engine fill, in whole lots', () => {
  it('buys as many whole lots as the quote pays for at each level, as the engine does', () => {
    // 100 USDT at 100000.5: 0.00099999 BTC, but the engine fills whole lots of 0.0001: 9 lots.
    const fill = estimateMarket([['100000.5', '1']], { total: '100' }, 4);
    expect(fill.amount.toFixed()).toBe('0.0009');
    expect(fill.total.toFixed()).toBe('90.00045');
    expect(fill.complete).toBe(true);
    // At 100000 the same 100 USDT is exactly 10 lots: 0.001 BTC, nothing left over.
    expect(estimateMarket([['100000', '1']], { total: '100' }, 4).amount.toFixed()).toBe('0.001');
  });

  it('takes whole levels while it can, then whole lots of the next, and stops at the first level where no lot is affordable', () => {
    const asks: [string, string][] = [
      ['100000', '0.0005'],
      ['100001', '1'],
    ];
    // 50 USDT buys the first level (5 lots); 50 USDT at 100001 buys 4 lots (one more would cost 50.0005).
    const fill = estimateMarket(asks, { total: '100' }, 4);
    expect(fill.amount.toFixed()).toBe('0.0009');
    expect(fill.total.toFixed()).toBe('90.0004');
  });

  it('an order the visible book cannot fill is not complete', () => {
    const fill = estimateMarket([['100', '0.5']], { total: '1000' }, 4);
    expect(fill.amount.toFixed()).toBe('0.5');
    expect(fill.complete).toBe(false);
  });

  it('is exact where a float or a 20-digit decimal would round', () => {
    // 0.00099999999999999999999 lots would round up to 0.001 at 20 significant digits.
    const fill = estimateMarket([['100000.00000000000000000001', '1']], { total: '100' }, 4);
    expect(fill.amount.toFixed()).toBe('0.0009');
  });

  it('what the form says you receive is the fill less its fee, not cut to the coin precision', () => {
    const c = checkForm({ ...base, type: 'market', marketBy: 'total', total: '100' }, rules, { available: '1000', book: [['100000', '1']] });
    expect(c.estimate?.amount.toFixed()).toBe('0.001');
    expect(c.fee?.toFixed()).toBe('0.000001');
    expect(c.receive?.toFixed()).toBe('0.000999');
  });
});

describe('100% sell: exactly what can be sold', () => {
  it('is the whole balance cut to the quantity step, leaving only dust finer than one lot', () => {
    expect(share('0.12349999', 100, 4)).toBe('0.1234');
    expect(share('1.5', 100, 4)).toBe('1.5');
    expect(share('12345678901234567.12345678', 100, 4)).toBe('12345678901234567.1234');
    expect(share('0.00009999', 100, 4)).toBe('');
    expect(share('37.9', 100, 0)).toBe('37');
  });

  it('a share of a huge balance is exact (no 20-digit rounding)', () => {
    expect(share('12345678901234567.12345678', 25, 4)).toBe('3086419725308641.7808');
    expect(share('1.9999', 75, 4)).toBe('1.4999');
  });

  it('the 100% button fills the amount the server accepts', () => {
    const s = applyPercent({ ...base, side: 'sell', type: 'market' }, 100, '0.25019999', rules);
    expect(s.amount).toBe('0.2501');
    const c = checkForm(s, rules, { available: '0.25019999', book: [['100', '1']] });
    expect(c.amount).toBeUndefined();
    expect(c.request).toEqual({ symbol: 'btcusdt', side: 'sell', type: 'market', amount: '0.2501' });
  });
});
