import en from '../../locales/en/catalogue.json';
import zh from '../../locales/zh/catalogue.json';
import { fieldOfMessage, formChanges, leverageError, toBody, toFormValues, validateForm, type FieldSpec, type FormValues } from './fields';
import {
  COIN_FIELDS,
  CONTRACT_RULES,
  EARN_FIELDS,
  EARN_RULES,
  OPTION_PERIOD_RULES,
  RULE_FIELDS,
  SPOT_RULES,
  TERMS_FIELDS,
  calendarBody,
  calendarErrors,
  contractFields,
  normaliseCountries,
  optionPeriodFields,
  rateDateError,
  secondPeriodFields,
  spotFields,
  taskErrors,
} from './specs';

const coins = [{ value: 'btc' }, { value: 'eth' }];

const spotRow = {
  id: 3,
  coin: 'btc',
  symbol: 'btcusdt',
  orderMin: '0.00001',
  orderMax: '1000000',
  buyMax: '1000000',
  sellMin: '0.00001',
  minSell: '0.00001',
  feeRate: '0.001',
  basePrecision: 4,
  coinPrecision: 4,
  limitedBuy: 1,
  limitedSell: 1,
  marketBuy: 1,
  marketSell: 0,
  enable: 1,
  isDeal: 1,
  isShow: 1,
  sort: 2,
};

describe('catalogue forms', () => {
  it('refuse a negative or non-decimal amount and a fraction where a whole number goes', () => {
    const fields = spotFields(coins);
    const v = toFormValues(fields, spotRow);
    v.feeRate = '-0.1';
    v.orderMin = '1e-5';
    v.basePrecision = '2.5';
    v.coinPrecision = '19';
    expect(validateForm(fields, v, 'edit', SPOT_RULES)).toEqual({
      feeRate: { key: 'catalogue.error.decimal' },
      orderMin: { key: 'catalogue.error.decimal' },
      basePrecision: { key: 'catalogue.error.int' },
      coinPrecision: { key: 'catalogue.error.max', params: { max: '18' } },
    });
  });

  it('need the required fields on create, and compare min and max as decimals', () => {
    const fields = spotFields(coins);
    const v = toFormValues(fields, null);
    expect(validateForm(fields, v, 'create', SPOT_RULES)).toEqual({ coin: { key: 'catalogue.error.required' } });
    v.coin = 'btc';
    v.orderMin = '10.000000000000000001';
    v.orderMax = '10';
    expect(validateForm(fields, v, 'create', SPOT_RULES)).toEqual({ orderMin: { key: 'catalogue.error.notAbove', params: { other: 'orderMax' } } });
    v.orderMax = '10.000000000000000001';
    expect(validateForm(fields, v, 'create', SPOT_RULES)).toEqual({});
  });

  it('send only what changed on an edit, with numbers and flags as the handler takes them', () => {
    const fields = spotFields(coins);
    const initial = toFormValues(fields, spotRow);
    expect(initial.marketSell).toBe(false);
    const v = { ...initial, feeRate: ' 0.002 ', marketSell: true, sort: '7' };
    expect(toBody(fields, v, 'edit', initial)).toEqual({ feeRate: '0.002', marketSell: 1, sort: 7 });
    expect(formChanges(fields, v, initial)).toEqual([
      { path: 'feeRate', kind: 'changed', before: '0.001', after: '0.002' },
      { path: 'sort', kind: 'changed', before: '2', after: '7' },
      { path: 'marketSell', kind: 'changed', before: 'off', after: 'on' },
    ]);
    // Create: what is given; blanks take the handler's defaults.
    const fresh = { ...toFormValues(fields, null), coin: 'eth', feeRate: '0.002' };
    expect(toBody(fields, fresh, 'create', null)).toMatchObject({ coin: 'eth', feeRate: '0.002', enable: 0 });
    expect(toBody(fields, fresh, 'create', null)).not.toHaveProperty('orderMin');
  });

  it('check leverage lists and futures share bounds', () => {
    expect(leverageError('5,10,20')).toBeNull();
    for (const bad of ['10,5', '5,5', '0,5', '5,,10', '2000', 'x']) expect(leverageError(bad)).not.toBeNull();
    const fields = contractFields(coins);
    const v = { ...toFormValues(fields, null), coin: 'btc', minShare: '5', maxShare: '4', shareNumber: '0', leverage: '20,10' };
    expect(validateForm(fields, v, 'create', CONTRACT_RULES)).toEqual({
      leverage: { key: 'catalogue.error.leverage' },
      shareNumber: { key: 'catalogue.error.gt', params: { min: '0' } },
      minShare: { key: 'catalogue.error.notAbove', params: { other: 'maxShare' } },
    });
  });

  it('check coin names, futures terms ranges and period rules', () => {
    const cv = { ...toFormValues(COIN_FIELDS, null), coin: 'bit coin' };
    expect(validateForm(COIN_FIELDS, cv, 'create')).toEqual({ coin: { key: 'catalogue.error.word' } });
    const tv = { ...toFormValues(TERMS_FIELDS, { liquidationFee: '0.06', spread: '0.01', fundingInterest: '0.000000001' }) };
    expect(validateForm(TERMS_FIELDS, tv, 'edit')).toEqual({
      liquidationFee: { key: 'catalogue.error.max', params: { max: '0.05' } },
      fundingInterest: { key: 'catalogue.error.dp', params: { dp: 8 } },
    });
    const sp = secondPeriodFields([{ value: '1' }]);
    const pv = { ...toFormValues(sp, null), coinId: '1', period: '4', odds: '0.12345', minAmount: '0', maxAmount: '10' };
    expect(validateForm(sp, pv, 'create')).toEqual({
      period: { key: 'catalogue.error.min', params: { min: '5' } },
      odds: { key: 'catalogue.error.dp', params: { dp: 4 } },
      minAmount: { key: 'catalogue.error.gt', params: { min: '0' } },
    });
    expect(toBody(sp, { ...pv, period: '60', odds: '0.85', minAmount: '10' }, 'create', null)).toEqual({
      coinId: 1,
      period: 60,
      odds: '0.85',
      minAmount: '10',
      maxAmount: '10',
      status: 2,
      flag: false,
    });
    const op = optionPeriodFields([{ value: '2' }]);
    const ov = { ...toFormValues(op, null), optionId: '2', period: '60', cutoff: '60', odds: '0.9', minAmount: '1', maxAmount: '5' };
    expect(validateForm(op, ov, 'create', OPTION_PERIOD_RULES)).toEqual({ cutoff: { key: 'catalogue.error.below', params: { other: 'period' } } });
  });

  it('check earn terms by kind, and texts per language', () => {
    const v: FormValues = { ...toFormValues(EARN_FIELDS, null, { kind: 'staking' }), title: { en: '', zh: '' } };
    v.terms = [
      { days: '30', apr: '5' },
      { days: '60', apr: '' },
    ];
    expect(validateForm(EARN_FIELDS, v, 'create', EARN_RULES)).toEqual({
      title: { key: 'catalogue.error.required' },
      terms: { key: 'catalogue.error.termsOne' },
    });
    v.kind = 'finance';
    v.title = { en: 'Flexible USDT', zh: '' };
    v.terms = [
      { days: '30', apr: '5.5' },
      { days: '30', apr: '6' },
    ];
    expect(validateForm(EARN_FIELDS, v, 'create', EARN_RULES)).toEqual({ terms: { key: 'catalogue.error.termDup' } });
    v.terms = [{ days: '30', apr: '5.5' }];
    expect(validateForm(EARN_FIELDS, v, 'create', EARN_RULES)).toEqual({});
    expect(toBody(EARN_FIELDS, v, 'create', null)).toMatchObject({ kind: 'finance', title: { en: 'Flexible USDT' }, terms: [{ days: 30, apr: '5.5' }] });
  });

  it('replace a bonus rule whole, and check the tasks, rates, calendar and countries', () => {
    const row = { id: 1, coin: 'USDT', minAmount: '100', ratio: '5', maxBonus: '50', enabled: true };
    const initial = toFormValues(RULE_FIELDS, row);
    expect(toBody(RULE_FIELDS, { ...initial, enabled: false }, 'edit', initial, true)).toEqual({ coin: 'USDT', minAmount: '100', ratio: '5', maxBonus: '50', enabled: false });
    expect(validateForm(RULE_FIELDS, { ...initial, ratio: '100.5' }, 'edit')).toEqual({ ratio: { key: 'catalogue.error.max', params: { max: '100' } } });
    expect(taskErrors({ kind: 'spot_volume', threshold: '0' })).toEqual({ threshold: { key: 'catalogue.error.gt', params: { min: '0' } } });
    expect(taskErrors({ kind: 'first_trade', threshold: '0' })).toEqual({});
    expect(rateDateError({ fromDate: '2025-01-15' }, new Date('2025-01-15T12:00:00Z'))).toEqual({
      fromDate: { key: 'catalogue.error.afterToday', params: { today: '2025-01-15' } },
    });
    expect(rateDateError({ fromDate: '2025-01-16' }, new Date('2025-01-15T12:00:00Z'))).toEqual({});
    const days = [
      { day: '1', amount: '1', coin: 'USDT' },
      { day: '1', amount: '-2', coin: '' },
      { day: '8', amount: '', coin: 'US DT' },
    ];
    expect(calendarErrors(days)).toEqual({
      '1.day': { key: 'catalogue.error.dayDup' },
      '1.amount': { key: 'catalogue.error.decimal' },
      '2.day': { key: 'catalogue.error.max', params: { max: '7' } },
      '2.amount': { key: 'catalogue.error.required' },
      '2.coin': { key: 'catalogue.error.word' },
    });
    expect(calendarBody([{ day: ' 2', amount: '0.5 ', coin: '' }])).toEqual([{ day: 2, amount: '0.5', coin: 'USDT' }]);
    expect(normaliseCountries(['us', ' CN', 'us', 'USA', ''])).toEqual({ codes: ['CN', 'US'], bad: ['USA'] });
  });

  it('find the field a refusal names', () => {
    const fields: FieldSpec[] = spotFields(coins);
    expect(fieldOfMessage(fields, 'Invalid value for orderMin')).toBe('orderMin');
    expect(fieldOfMessage(fields, '字段 minSell 的值无效')).toBe('minSell');
    expect(fieldOfMessage(fields, 'symbol btcusdt is already listed')).toBe('symbol');
    expect(fieldOfMessage(fields, 'A reason is required')).toBeNull();
  });

  it('have English and Chinese texts for every field and error', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const all = [...COIN_FIELDS, ...spotFields([]), ...contractFields([]), ...TERMS_FIELDS, ...EARN_FIELDS, ...RULE_FIELDS, ...optionPeriodFields([])];
    for (const f of all) expect(en).toHaveProperty([f.labelKey ?? `catalogue.f.${f.name}`]);
    for (const k of ['decimal', 'int', 'min', 'max', 'gt', 'dp', 'required', 'notAbove', 'below', 'leverage', 'word', 'symbol', 'date', 'termsOne', 'termDup']) {
      expect(en).toHaveProperty([`catalogue.error.${k}`]);
    }
  });
});
