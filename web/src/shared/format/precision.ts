/**
 * The pair-precision formatter (shared/exact/precision, the one the console
 * uses too) in the app's interface language when no locale is given.
 */
import * as exact from '@/shared/exact/precision';
import type { DecimalText } from '@/shared/exact/decimal-format';
import { appLanguage } from './decimal-format';

export { LEDGER_SCALE, USDT_SCALE, pairScales, pairScalesByCoin, validScale } from '@/shared/exact/precision';
export type { CataloguePair, PairPrecisionRow, PairScales, RateText } from '@/shared/exact/precision';

export function formatPriceAt(value: DecimalText, pair: exact.PairScales, locale?: string): string {
  return exact.formatPriceAt(value, pair, appLanguage(locale));
}

export function formatAmountAt(value: DecimalText, scale: number, locale?: string, sign?: 'auto' | 'always'): string {
  return exact.formatAmountAt(value, scale, appLanguage(locale), sign);
}

export function formatBalanceAt(value: DecimalText, scale: number, locale?: string): string {
  return exact.formatBalanceAt(value, scale, appLanguage(locale));
}

export function formatUsdtValue(value: DecimalText, locale?: string, sign?: 'auto' | 'always'): string {
  return exact.formatUsdtValue(value, appLanguage(locale), sign);
}

export function formatRate(rate: DecimalText, from: string, to: string, scaleOf: (coin: string) => exact.PairScales | null, locale?: string): exact.RateText | null {
  return exact.formatRate(rate, from, to, scaleOf, appLanguage(locale));
}
