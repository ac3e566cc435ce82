/**
 * The follow form checked before it is sent (the server checks again and its
 * message is shown as it comes): a ratio of 1-500 %, or a margin per order of
 * at least the trader's minimum, at least one coin, an optional budget and a
 * stop-loss that needs one. Decimal strings throughout.
 */
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { validateAmount, type AmountError } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import type { FollowInput, FollowType, MineTrader } from '../api';
import { symbolList } from './display';

export const RATE_MIN = '1';
export const RATE_MAX = '500';
/** USDT amounts: 2 decimals. */
export const USDT_INPUT_SCALE = 2;
/** Ratios and stop-loss percents: 2 decimals. */
export const PERCENT_SCALE = 2;

export interface FollowForm {
  followType: FollowType;
  followRate: string;
  followAmount: string;
  /** Lower-case coins. */
  symbols: string[];
  budget: string;
  stopLossRate: string;
}

export type FollowField = 'followRate' | 'followAmount' | 'symbols' | 'budget' | 'stopLossRate';

export type FollowError =
  | { kind: 'amount'; error: AmountError }
  | { kind: 'rate' }
  | { kind: 'symbols' }
  | { kind: 'budgetBelowMargin'; margin: string }
  | { kind: 'stopNeedsBudget' }
  | { kind: 'stopRange' };

export type FollowErrors = Partial<Record<FollowField, FollowError>>;

export type FollowCheck = { ok: true; input: Omit<FollowInput, 'traderId'> } | { ok: false; errors: FollowErrors };

const PERCENT = new RegExp(`^\\d+(\\.\\d{1,${PERCENT_SCALE}})?$`);

/** A percent typed as plain digits (at most 2 decimals) within [min, max]; null otherwise. */
export function percentIn(raw: string, min: Decimal.Value, max: Decimal.Value, minExclusive = false): Decimal | null {
  const text = raw.trim();
  if (!PERCENT.test(text)) return null;
  const d = new Decimal(text);
  if (minExclusive ? d.lte(min) : d.lt(min)) return null;
  return d.gt(max) ? null : d;
}

export function emptyFollowForm(symbols: string[]): FollowForm {
  return { followType: 0, followRate: '100', followAmount: '', symbols, budget: '', stopLossRate: '' };
}

/** The form of an existing follow (editing). */
export function formFromFollow(row: MineTrader): FollowForm {
  return {
    followType: row.followType === 1 ? 1 : 0,
    followRate: row.followRate ?? '',
    followAmount: row.followAmount ?? '',
    symbols: symbolList(row.followSymbol),
    budget: row.budget ?? '',
    stopLossRate: row.stopLossRate ?? '',
  };
}

export function validateFollow(form: FollowForm, rules: { minFollowAmount?: string | null } = {}): FollowCheck {
  const errors: FollowErrors = {};
  const input: Omit<FollowInput, 'traderId'> = { followType: form.followType, followSymbol: '' };
  let margin: Decimal | null = null;

  if (form.followType === 0) {
    const rate = percentIn(form.followRate, RATE_MIN, RATE_MAX);
    if (rate) input.followRate = rate.toFixed();
    else errors.followRate = { kind: 'rate' };
  } else {
    const check = validateAmount(form.followAmount, { scale: USDT_INPUT_SCALE, min: rules.minFollowAmount || undefined });
    if (check.ok) {
      margin = check.value;
      input.followAmount = check.value.toFixed();
    } else errors.followAmount = { kind: 'amount', error: check.error };
  }

  const symbols = [...new Set(form.symbols.map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (symbols.length === 0) errors.symbols = { kind: 'symbols' };
  else input.followSymbol = symbols.join(',');

  const budgetText = form.budget.trim();
  let hasBudget = false;
  if (budgetText !== '') {
    const check = validateAmount(budgetText, { scale: USDT_INPUT_SCALE });
    if (!check.ok) errors.budget = { kind: 'amount', error: check.error };
    else if (margin && check.value.lt(margin)) errors.budget = { kind: 'budgetBelowMargin', margin: margin.toFixed() };
    else {
      hasBudget = true;
      input.budget = check.value.toFixed();
    }
  }

  const stopText = form.stopLossRate.trim();
  if (stopText !== '') {
    if (budgetText === '') errors.stopLossRate = { kind: 'stopNeedsBudget' };
    else {
      const stop = percentIn(stopText, 0, 100, true);
      if (!stop) errors.stopLossRate = { kind: 'stopRange' };
      else if (hasBudget) input.stopLossRate = stop.toFixed();
    }
  }

  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/** The user's-language text of a form error. */
export function followErrorText(t: TFunction, error: FollowError): string {
  switch (error.kind) {
    case 'amount':
      return amountErrorText(t, error.error, 'USDT');
    case 'rate':
      return t('floworder_err_rate', { min: RATE_MIN, max: RATE_MAX });
    case 'symbols':
      return t('floworder_err_symbols');
    case 'budgetBelowMargin':
      return t('floworder_err_budgetBelowMargin', { margin: error.margin });
    case 'stopNeedsBudget':
      return t('floworder_err_stopNeedsBudget');
    case 'stopRange':
      return t('floworder_err_stopRange');
  }
}
