import Decimal from 'decimal.js';
import type { Period, SecondOrder } from '../api';
import {
  allStake,
  asPercent,
  checkStake,
  clockSkew,
  elapsedShare,
  formatCountdown,
  lossAmount,
  lossShare,
  offeredPeriods,
  orderDirection,
  outcomeAt,
  periodLabel,
  previewAt,
  quoteStake,
  resultKind,
  secondsLeft,
  settledPnl,
  stakeChips,
  winProfit,
} from './contract-math';

const P30: Period = { id: 4, secondId: 1, period: 30, odds: '0.12', minAmount: '1', maxAmount: '1000', status: 1, flag: true, lossRate: '1', breakEvenWinRate: '0.8929', houseEdge: '0.44', exposureCap: '100000' };
const PARTIAL: Period = { ...P30, id: 7, odds: '0.8', flag: false, lossRate: '0.8', breakEvenWinRate: '0.5', houseEdge: '0' };

const order = (over: Partial<SecondOrder> = {}): SecondOrder => ({
  id: 1,
  orderNo: 'S1',
  symbol: 'btcusdt',
  coinSymbol: 'btc',
  baseSymbol: 'usdt',
  type: 30,
  betContent: '1',
  direction: 'up',
  betAmount: '10',
  rewardAmount: '0',
  openPrice: '94949.63',
  closePrice: null,
  openTime: 1_000_000,
  closeTime: 1_031_000,
  openTickTime: 999_100,
  openSource: 'simulator',
  closeTickTime: null,
  closeSource: null,
  openResult: 0,
  status: 0,
  rate: '0.12',
  rateFlag: true,
  time: 31,
  ...over,
});

describe('period labels', () => {
  it.each([
    [30, 30, 's'],
    [60, 60, 's'],
    [90, 90, 's'],
    [120, 2, 'm'],
    [300, 5, 'm'],
    [3600, 1, 'h'],
    [5400, 90, 'm'],
    [7200, 2, 'h'],
    [86400, 24, 'h'],
    [3601, 3601, 's'],
  ])('%i s is %i%s', (seconds, n, unit) => {
    expect(periodLabel(seconds)).toEqual({ n, unit });
  });
  it('offers only the periods switched on, in the server order', () => {
    expect(offeredPeriods([P30, { ...P30, id: 9, status: 2 }, { ...P30, id: 5, period: 60 }]).map((p) => p.id)).toEqual([4, 5]);
    expect(offeredPeriods(undefined)).toEqual([]);
  });
});

describe('payouts on decimal strings', () => {
  it('a win adds stake × odds, cut to 8 decimals; the total is the stake and that', () => {
    expect(winProfit('10', '0.12')?.toFixed()).toBe('1.2');
    expect(winProfit('0.12345678', '0.1234')?.toFixed()).toBe('0.01523456');
    const q = quoteStake('10', P30)!;
    expect([q.profit.toFixed(), q.total.toFixed(), q.loss.toFixed()]).toEqual(['1.2', '11.2', '10']);
  });
  it('no float drift: 0.1 + 0.2 style sums stay exact', () => {
    const q = quoteStake('0.3', { odds: '0.1', lossRate: '1', flag: true })!;
    expect(q.profit.toFixed()).toBe('0.03');
    expect(q.total.toFixed()).toBe('0.33');
  });
  it('a partial loss takes the stake less what comes back, rounded down as the server does', () => {
    expect(lossShare(false, '0.8').toFixed()).toBe('0.8');
    expect(lossShare(false, '1.5').toFixed()).toBe('1');
    expect(lossShare(true, '0.12').toFixed()).toBe('1');
    // 0.00000013 × 0.2 = 0.000000026 comes back, cut to 0.00000002: 0.00000011 is taken.
    expect(lossAmount('0.00000013', '0.8')?.toFixed()).toBe('0.00000011');
    expect(quoteStake('100', PARTIAL)?.loss.toFixed()).toBe('80');
  });
  it('amounts beyond float precision stay exact', () => {
    const q = quoteStake('12345678901.12345678', P30)!;
    expect(q.profit.toFixed()).toBe('1481481468.13481481');
    expect(q.total.toFixed()).toBe('13827160369.25827159');
  });
  it('no quote without a positive stake', () => {
    expect(quoteStake('', P30)).toBeNull();
    expect(quoteStake('0', P30)).toBeNull();
    expect(quoteStake('abc', P30)).toBeNull();
  });
  it('rates read as exact percentages', () => {
    expect(asPercent('0.8929')?.toFixed()).toBe('89.29');
    expect(asPercent('0.44')?.toFixed()).toBe('44');
    expect(asPercent(undefined)).toBeNull();
  });
});

describe('live preview of an open order', () => {
  it('up wins above the open price, loses below, draws on equal prices', () => {
    expect(outcomeAt('up', '100', '100.01')).toBe('win');
    expect(outcomeAt('up', '100', '99.99')).toBe('lose');
    expect(outcomeAt('down', '100', '99.99')).toBe('win');
    expect(outcomeAt('down', '100', '100.000')).toBe('draw');
    expect(outcomeAt('up', '100', undefined)).toBeNull();
  });
  it('winning shows +stake × odds, losing −stake × loss share, even 0', () => {
    const o = order();
    expect(previewAt(o, '95000')).toEqual({ outcome: 'win', pnl: new Decimal('1.2') });
    expect(previewAt(o, '94000')?.pnl.toFixed()).toBe('-10');
    expect(previewAt(o, '94949.6300')?.pnl.toFixed()).toBe('0');
    expect(previewAt({ ...o, rateFlag: false, rate: '0.8', direction: 'down', betContent: '0' }, '94000')?.pnl.toFixed()).toBe('8');
    expect(previewAt({ ...o, rateFlag: false, rate: '0.8' }, '94000')?.pnl.toFixed()).toBe('-8');
    expect(previewAt(o, null)).toBeNull();
  });
  it('reads the direction from direction, else betContent', () => {
    expect(orderDirection({ direction: 'down', betContent: '1' })).toBe('down');
    expect(orderDirection({ direction: '', betContent: '1' })).toBe('up');
    expect(orderDirection({ direction: '', betContent: '0' })).toBe('down');
  });
  it('settled P&L is what came back less the stake', () => {
    expect(settledPnl({ rewardAmount: '11.2', betAmount: '10' })?.toFixed()).toBe('1.2');
    expect(settledPnl({ rewardAmount: '0', betAmount: '10' })?.toFixed()).toBe('-10');
    expect(settledPnl({ rewardAmount: '10', betAmount: '10' })?.toFixed()).toBe('0');
    // An option's fee is part of what it cost; on a void it came back in the reward.
    expect(settledPnl({ rewardAmount: '18', betAmount: '10', feeAmount: '0.1' })?.toFixed()).toBe('7.9');
    expect(settledPnl({ rewardAmount: '0', betAmount: '10', feeAmount: '0.1' })?.toFixed()).toBe('-10.1');
    expect(settledPnl({ rewardAmount: '10.1', betAmount: '10', feeAmount: '0.1' })?.toFixed()).toBe('0');
  });
  it('names results from openResult', () => {
    expect([0, 1, 2, 3, 4].map(resultKind)).toEqual(['open', 'win', 'lose', 'draw', 'void']);
  });
});

describe('stake checks', () => {
  it('min ≤ stake ≤ max, within the balance, at most 8 decimals', () => {
    expect(checkStake('10', P30, '9990').ok).toBe(true);
    expect(checkStake('1', P30, '9990').ok).toBe(true);
    expect(checkStake('1000', P30, '9990').ok).toBe(true);
    expect(checkStake('0.99999999', P30, '9990')).toEqual({ ok: false, error: { kind: 'min', min: '1' } });
    expect(checkStake('1000.00000001', P30, '9990')).toEqual({ ok: false, error: { kind: 'max', max: '1000' } });
    expect(checkStake('500', P30, '499.99')).toEqual({ ok: false, error: { kind: 'balance', available: '499.99' } });
    expect(checkStake('10.123456789', P30, '9990')).toEqual({ ok: false, error: { kind: 'precision', scale: 8 } });
    expect(checkStake('', P30, '9990')).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(checkStake('1e2', P30, '9990')).toEqual({ ok: false, error: { kind: 'format' } });
  });
  it('signed out (no balance known) checks only the period', () => {
    expect(checkStake('500', P30).ok).toBe(true);
  });
  it('quick stakes: the presets within min and max, and All when the balance is', () => {
    const amounts = (chips: ReturnType<typeof stakeChips>) => chips.map((c) => `${c.kind}:${c.amount}`);
    expect(amounts(stakeChips(P30, '9990'))).toEqual(['preset:10', 'preset:50', 'preset:100', 'preset:500', 'preset:1000']);
    expect(amounts(stakeChips({ minAmount: '100', maxAmount: '10000' }, '9990.123456789'))).toEqual(['preset:100', 'preset:500', 'preset:1000', 'all:9990.12345678']);
    expect(amounts(stakeChips({ minAmount: '500', maxAmount: '50000' }, '120'))).toEqual(['preset:500', 'preset:1000']);
    expect(amounts(stakeChips(P30, '0'))).toEqual(['preset:10', 'preset:50', 'preset:100', 'preset:500', 'preset:1000']);
    expect(stakeChips(undefined, '10')).toEqual([]);
  });
  it('All is the balance cut to 8 decimals', () => {
    expect(allStake('12.123456789')).toBe('12.12345678');
    expect(allStake('0')).toBeNull();
    expect(allStake(undefined)).toBeNull();
  });
});

describe('countdown', () => {
  it('counts whole seconds up, as the server does, and stops at 0', () => {
    expect(secondsLeft(31_000, 0)).toBe(31);
    expect(secondsLeft(31_000, 1)).toBe(31);
    expect(secondsLeft(31_000, 30_001)).toBe(1);
    expect(secondsLeft(31_000, 31_000)).toBe(0);
    expect(secondsLeft(31_000, 40_000)).toBe(0);
  });
  it('formats m:ss, and h:mm:ss from an hour', () => {
    expect(formatCountdown(27)).toBe('0:27');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
  it('trusts the local clock inside the second the server rounded, corrects it outside', () => {
    // Server clock at reply: in [1_000_000, 1_001_000).
    const o = order({ closeTime: 1_031_000, time: 31 });
    expect(clockSkew(o, 1_000_400)).toBe(0);
    expect(clockSkew(o, 995_000)).toBe(5_000);
    expect(clockSkew(o, 1_004_000)).toBe(-3_001);
    expect(clockSkew({ ...o, status: 1, time: 0 }, 1_000_400)).toBeNull();
  });
  it('the bar fills from open to close', () => {
    const o = order({ openTime: 0, closeTime: 30_000 });
    expect(elapsedShare(o, 15_000)).toBe(0.5);
    expect(elapsedShare(o, -5)).toBe(0);
    expect(elapsedShare(o, 40_000)).toBe(1);
  });
});
