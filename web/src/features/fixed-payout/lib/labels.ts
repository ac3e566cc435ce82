import type { TFunction } from 'i18next';
import { formatDecimal } from '@/shared/format/decimal-format';
import type { DecimalInput } from '@/shared/format/number';
import { asPercent, periodLabel, type ResultKind } from './contract-math';

/** A rate (fraction of one) as the language writes the percentage: "0.8929" → "89.29%" ("89,29%" in German). */
export function percentText(rate: DecimalInput): string {
  const p = asPercent(rate);
  return p ? `${formatDecimal(p)}%` : '--';
}

/** A period's chip text in the user's language: 30s, 5m, 1h ("30秒", "5分"). */
export function periodText(t: TFunction, seconds: number): string {
  const { n, unit } = periodLabel(seconds);
  return t(unit === 'h' ? 'sc_period_h' : unit === 'm' ? 'sc_period_m' : 'sc_period_s', { n });
}

export const RESULT_KEY = {
  win: 'sc_result_win',
  lose: 'sc_result_lose',
  draw: 'sc_result_draw',
  void: 'sc_result_void',
  open: 'sc_result_open',
} as const satisfies Record<ResultKind, string>;

export const RESULT_TONE: Record<ResultKind, string> = { win: 'chip-success', lose: 'chip-danger', draw: '', void: 'chip-warning', open: 'chip-accent' };
