// The field specs of each catalogue and product form, with the bounds the
// handlers check (crates/market/src/routes/admin.rs, futures/src/operator.rs,
// second-contracts and options period_editing.rs, earn/src/operator.rs,
// rewards/src/welfare_editing.rs, wallet/src/deposit_reviews.rs).
import Decimal from 'decimal.js';
import type { ConsoleKey } from '../../keys';
import { decimalError, intError, type FieldError, type FieldSpec, type FormRule, type FormValues, type Option } from './fields';

const WORD = /^[A-Za-z0-9]{1,32}$/;
const SYMBOL = /^[a-z0-9]{2,32}$/;
const SORT: FieldSpec = { name: 'sort', kind: 'int', min: '0', max: '1000000' };
const LEDGER_DP = 8;
const BIG = '1000000000000';

const flag01 = (name: string): FieldSpec => ({ name, kind: 'flag', flag: [1, 0] });
/** Options numbered by their keys' last part (`catalogue.feeType.1` → 1). */
const numOptions = (keys: ConsoleKey[]): Option[] => keys.map((k) => ({ value: k.slice(k.lastIndexOf('.') + 1), labelKey: k }));

// ---- catalogue ----------------------------------------------------------

export const COIN_FIELDS: FieldSpec[] = [
  { name: 'coin', kind: 'text', required: true, createOnly: true, pattern: WORD, patternKey: 'catalogue.error.word', hintKey: 'catalogue.hint.coin' },
  { name: 'symbol', kind: 'text', pattern: /^[A-Za-z0-9]{2,32}$/, patternKey: 'catalogue.error.symbol', hintKey: 'catalogue.hint.symbol' },
  { name: 'showSymbol', kind: 'text', maxLength: 32, hintKey: 'catalogue.hint.showSymbol' },
  { name: 'market', kind: 'text', pattern: WORD, patternKey: 'catalogue.error.word', placeholder: 'spot' },
  { name: 'logo', kind: 'text', maxLength: 500, wide: true },
  { name: 'customizeFlag', kind: 'select', numeric: true, options: numOptions(['catalogue.customizeFlag.0', 'catalogue.customizeFlag.1', 'catalogue.customizeFlag.2']) },
  { name: 'coinType', kind: 'select', numeric: true, options: numOptions(['catalogue.coinType.0', 'catalogue.coinType.1', 'catalogue.coinType.2', 'catalogue.coinType.3']) },
  SORT,
  flag01('status'),
  flag01('showFlag'),
];

export const spotFields = (coins: Option[]): FieldSpec[] => [
  { name: 'coin', kind: 'select', required: true, createOnly: true, options: coins },
  { name: 'symbol', kind: 'text', pattern: SYMBOL, patternKey: 'catalogue.error.symbol', hintKey: 'catalogue.hint.pairSymbol' },
  { name: 'orderMin', kind: 'decimal', min: '0' },
  { name: 'orderMax', kind: 'decimal', min: '0' },
  { name: 'buyMax', kind: 'decimal', min: '0' },
  { name: 'sellMin', kind: 'decimal', min: '0' },
  { name: 'minSell', kind: 'decimal', min: '0' },
  { name: 'feeRate', kind: 'decimal', min: '0', hintKey: 'catalogue.hint.rate' },
  { name: 'basePrecision', kind: 'int', min: '0', max: '18' },
  { name: 'coinPrecision', kind: 'int', min: '0', max: '18' },
  SORT,
  flag01('enable'),
  flag01('isDeal'),
  flag01('isShow'),
  flag01('limitedBuy'),
  flag01('limitedSell'),
  flag01('marketBuy'),
  flag01('marketSell'),
];
export const SPOT_RULES: FormRule[] = [{ kind: 'notAbove', low: 'orderMin', high: 'orderMax' }];

export const contractFields = (coins: Option[]): FieldSpec[] => [
  { name: 'coin', kind: 'select', required: true, createOnly: true, options: coins },
  { name: 'symbol', kind: 'text', pattern: SYMBOL, patternKey: 'catalogue.error.symbol', hintKey: 'catalogue.hint.pairSymbol' },
  { name: 'showSymbol', kind: 'text', maxLength: 32 },
  { name: 'baseCoin', kind: 'text', pattern: WORD, patternKey: 'catalogue.error.word', placeholder: 'usdt' },
  { name: 'leverage', kind: 'leverage', hintKey: 'catalogue.hint.leverage', placeholder: '5,10,20' },
  { name: 'minShare', kind: 'decimal', min: '0' },
  { name: 'maxShare', kind: 'decimal', min: '0' },
  { name: 'shareNumber', kind: 'decimal', gt: '0', hintKey: 'catalogue.hint.shareNumber' },
  { name: 'openFee', kind: 'decimal', min: '0', hintKey: 'catalogue.hint.rate' },
  { name: 'closeFee', kind: 'decimal', min: '0', hintKey: 'catalogue.hint.rate' },
  { name: 'usdtRate', kind: 'decimal', gt: '0' },
  { name: 'intervalHour', kind: 'int', min: '1', max: '720' },
  SORT,
  flag01('enable'),
];
export const CONTRACT_RULES: FormRule[] = [{ kind: 'notAbove', low: 'minShare', high: 'maxShare' }];

export const optionPairFields = (coins: Option[]): FieldSpec[] => [
  { name: 'coin', kind: 'select', required: true, createOnly: true, options: coins },
  { name: 'symbol', kind: 'text', pattern: SYMBOL, patternKey: 'catalogue.error.symbol', hintKey: 'catalogue.hint.pairSymbol' },
  { name: 'showSymbol', kind: 'text', maxLength: 32 },
  { name: 'feeType', kind: 'select', numeric: true, options: numOptions(['catalogue.feeType.0', 'catalogue.feeType.1', 'catalogue.feeType.2']) },
  { name: 'feeValue', kind: 'decimal', min: '0' },
  SORT,
  flag01('status'),
];

// ---- products -----------------------------------------------------------

const rate = (name: string, max: string, hintKey?: ConsoleKey): FieldSpec => ({ name, kind: 'decimal', min: '0', max, dp: 8, hintKey });

export const TERMS_FIELDS: FieldSpec[] = [
  { name: 'bracketScale', kind: 'decimal', gt: '0', max: '1000', dp: 8, hintKey: 'catalogue.hint.bracketScale' },
  rate('liquidationFee', '0.05', 'catalogue.hint.rate'),
  rate('spread', '0.01', 'catalogue.hint.rate'),
  { name: 'maxNetOi', kind: 'decimal', min: '0', max: BIG, dp: 8, hintKey: 'catalogue.hint.maxNetOi' },
  rate('fundingInterest', '0.03', 'catalogue.hint.perInterval'),
  rate('fundingSkew', '0.03', 'catalogue.hint.perInterval'),
  rate('fundingCap', '0.03', 'catalogue.hint.perInterval'),
  { name: 'fundingFloor', kind: 'decimal', min: '0.00000001', max: BIG, dp: 8 },
];

const periodCommon: FieldSpec[] = [
  { name: 'odds', kind: 'decimal', required: true, gt: '0', max: '10', dp: 4, hintKey: 'catalogue.hint.odds' },
  { name: 'minAmount', kind: 'decimal', required: true, gt: '0', dp: LEDGER_DP },
  { name: 'maxAmount', kind: 'decimal', required: true, min: '0', dp: LEDGER_DP },
  { name: 'exposureCap', kind: 'decimal', min: '0', dp: LEDGER_DP, hintKey: 'catalogue.hint.exposureCap' },
  SORT,
  { name: 'status', kind: 'flag', flag: [1, 2] },
  { name: 'flag', kind: 'bool', hintKey: 'catalogue.hint.fullLoss' },
];
export const PERIOD_RULES: FormRule[] = [{ kind: 'notAbove', low: 'minAmount', high: 'maxAmount' }];

export const secondPeriodFields = (coins: Option[]): FieldSpec[] => [
  { name: 'coinId', kind: 'select', numeric: true, required: true, createOnly: true, options: coins },
  { name: 'period', kind: 'int', required: true, min: '5', max: '86400', hintKey: 'catalogue.hint.seconds' },
  ...periodCommon,
];

export const optionPeriodFields = (pairs: Option[]): FieldSpec[] => [
  { name: 'optionId', kind: 'select', numeric: true, required: true, createOnly: true, options: pairs },
  { name: 'period', kind: 'int', required: true, min: '10', max: '86400', hintKey: 'catalogue.hint.seconds' },
  { name: 'cutoff', kind: 'int', min: '1', max: '86399', hintKey: 'catalogue.hint.cutoff' },
  ...periodCommon,
];
export const OPTION_PERIOD_RULES: FormRule[] = [...PERIOD_RULES, { kind: 'below', low: 'cutoff', high: 'period' }];

export const EARN_FIELDS: FieldSpec[] = [
  {
    name: 'kind',
    kind: 'select',
    required: true,
    createOnly: true,
    options: [
      { value: 'finance', labelKey: 'catalogue.earnKind.finance' },
      { value: 'staking', labelKey: 'catalogue.earnKind.staking' },
    ],
  },
  { name: 'coin', kind: 'text', pattern: WORD, patternKey: 'catalogue.error.word', placeholder: 'USDT' },
  { name: 'title', kind: 'texts', required: true, languages: ['en', 'zh'], wide: true },
  { name: 'intro', kind: 'texts', languages: ['en', 'zh'], wide: true },
  { name: 'problem', kind: 'texts', languages: ['en', 'zh'], wide: true },
  { name: 'terms', kind: 'terms', termsWithApr: (v) => v.kind !== 'staking', wide: true, hintKey: 'catalogue.hint.terms' },
  { name: 'limitMin', kind: 'decimal', gt: '0', max: BIG, dp: LEDGER_DP },
  { name: 'limitMax', kind: 'decimal', min: '0', max: BIG, dp: LEDGER_DP },
  { name: 'totalCap', kind: 'decimal', min: '0', max: BIG, dp: LEDGER_DP, hintKey: 'catalogue.hint.totalCap' },
  { name: 'timeLimit', kind: 'int', min: '0', hintKey: 'catalogue.hint.timeLimit' },
  { name: 'level', kind: 'int', min: '0', max: '12', hintKey: 'catalogue.hint.level' },
  { name: 'classify', kind: 'select', numeric: true, options: numOptions(['catalogue.classify.0', 'catalogue.classify.1', 'catalogue.classify.2']) },
  {
    name: 'earlyRule',
    kind: 'select',
    options: [
      { value: 'none', labelKey: 'catalogue.earlyRule.none' },
      { value: 'forfeit', labelKey: 'catalogue.earlyRule.forfeit' },
      { value: 'penalty', labelKey: 'catalogue.earlyRule.penalty' },
    ],
  },
  { name: 'penalty', kind: 'decimal', min: '0', max: '1', dp: LEDGER_DP, hintKey: 'catalogue.hint.penalty' },
  { name: 'settlementType', kind: 'select', numeric: true, options: numOptions(['catalogue.settlementType.1', 'catalogue.settlementType.2']) },
  { name: 'icon', kind: 'text', maxLength: 500 },
  { name: 'sort', kind: 'int', min: '-2147483648', max: '2147483647' },
  flag01('status'),
  { name: 'autoRenew', kind: 'bool' },
  { name: 'isHot', kind: 'bool' },
];
export const EARN_RULES: FormRule[] = [{ kind: 'notAbove', low: 'limitMin', high: 'limitMax' }];
export const EARN_DEFAULTS = { kind: 'finance', coin: 'USDT', limitMin: '1', limitMax: '100000', totalCap: '0', earlyRule: 'forfeit', penalty: '0', settlementType: 1, classify: 0, level: 0, timeLimit: 0, status: 0, sort: 0 };

export const RATE_FIELDS: FieldSpec[] = [
  { name: 'fromDate', kind: 'date', required: true, hintKey: 'catalogue.hint.fromDate' },
  { name: 'rate', kind: 'decimal', required: true, min: '0', max: '10', dp: LEDGER_DP, hintKey: 'catalogue.hint.dailyRate' },
];

/** A rate is published for a day after today (UTC). */
export function rateDateError(values: FormValues, now: Date = new Date()): Record<string, FieldError> {
  const s = typeof values.fromDate === 'string' ? values.fromDate.trim() : '';
  const today = now.toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && s <= today ? { fromDate: { key: 'catalogue.error.afterToday', params: { today } } } : {};
}

export const TASK_KINDS = ['bind_email', 'bind_phone', 'kyc_primary', 'first_deposit', 'first_trade', 'spot_volume'];

export const TASK_FIELDS: FieldSpec[] = [
  { name: 'kind', kind: 'select', required: true, createOnly: true, options: TASK_KINDS.map((k) => ({ value: k, labelKey: `catalogue.taskKind.${k}` as ConsoleKey })) },
  { name: 'title', kind: 'texts', required: true, languages: ['en', 'zh'], wide: true },
  { name: 'description', kind: 'texts', languages: ['en', 'zh'], wide: true },
  { name: 'threshold', kind: 'decimal', min: '0', max: '1000000000', dp: LEDGER_DP, hintKey: 'catalogue.hint.threshold' },
  { name: 'rewardAmount', kind: 'decimal', min: '0', max: '1000000000', dp: LEDGER_DP },
  { name: 'rewardCoin', kind: 'text', pattern: WORD, patternKey: 'catalogue.error.word', placeholder: 'USDT' },
  { name: 'sort', kind: 'int', min: '-2147483648', max: '2147483647' },
  flag01('status'),
];

/** A spot-volume task needs a threshold above zero. */
export function taskErrors(values: FormValues): Record<string, FieldError> {
  if (values.kind !== 'spot_volume') return {};
  const t = typeof values.threshold === 'string' ? values.threshold.trim() : '';
  if (t === '' || (/^\d+(\.\d+)?$/.test(t) && new Decimal(t).lte(0))) return { threshold: { key: 'catalogue.error.gt', params: { min: '0' } } };
  return {};
}

export const RULE_FIELDS: FieldSpec[] = [
  { name: 'coin', kind: 'text', required: true, pattern: /^[A-Za-z0-9]{1,16}$/, patternKey: 'catalogue.error.word' },
  { name: 'minAmount', kind: 'decimal', required: true, min: '0', dp: LEDGER_DP, hintKey: 'catalogue.hint.bonusMin' },
  { name: 'ratio', kind: 'decimal', required: true, gt: '0', max: '100', dp: LEDGER_DP, hintKey: 'catalogue.hint.percent' },
  { name: 'maxBonus', kind: 'decimal', required: true, gt: '0', dp: LEDGER_DP },
  { name: 'enabled', kind: 'bool' },
];

// ---- the sign-in calendar and blocked countries -------------------------

export interface CalendarDay {
  day: string;
  amount: string;
  coin: string;
}

/** Up to 7 days, `day` 1..7 once each, `amount` a decimal (rewards/src/welfare_editing.rs). */
export function calendarErrors(days: CalendarDay[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  if (days.length > 7) out.days = { key: 'catalogue.error.calendarMax' };
  const seen = new Set<string>();
  days.forEach((d, i) => {
    const e = intError(d.day, { min: '1', max: '7' });
    if (e) out[`${i}.day`] = e;
    else if (seen.has(String(Number(d.day)))) out[`${i}.day`] = { key: 'catalogue.error.dayDup' };
    seen.add(String(Number(d.day)));
    const a = d.amount.trim() === '' ? ({ key: 'catalogue.error.required' } as const) : decimalError(d.amount, { min: '0', max: '1000000000', dp: LEDGER_DP });
    if (a) out[`${i}.amount`] = a;
    if (d.coin.trim() !== '' && !WORD.test(d.coin.trim())) out[`${i}.coin`] = { key: 'catalogue.error.word' };
  });
  return out;
}

export function calendarBody(days: CalendarDay[]): { day: number; amount: string; coin: string }[] {
  return days.map((d) => ({ day: Number(d.day.trim()), amount: d.amount.trim(), coin: d.coin.trim() || 'USDT' }));
}

/** ISO 3166 alpha-2 codes, upper-cased, each once; the bad ones. */
export function normaliseCountries(raw: string[]): { codes: string[]; bad: string[] } {
  const codes: string[] = [];
  const bad: string[] = [];
  for (const r of raw) {
    const c = r.trim().toUpperCase();
    if (!c) continue;
    if (!/^[A-Z]{2}$/.test(c)) bad.push(r.trim());
    else if (!codes.includes(c)) codes.push(c);
  }
  codes.sort();
  return { codes, bad };
}
