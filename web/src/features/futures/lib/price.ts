import Decimal from 'decimal.js';
import { formatDecimal } from '@/shared/format/decimal-format';
import { formatPrice } from '@/shared/format/number';

/**
 * The price tick of a contract: the decimals of its coin's spot pair
 * (`basePrecision`), the one price precision the catalogue publishes; null
 * when the coin has no spot pair (prices then show by magnitude).
 */
export function tickDecimals(currencyList: readonly { coin?: unknown; basePrecision?: unknown }[] | undefined, coin: string): number | null {
  const row = currencyList?.find((c) => String(c.coin ?? '').toUpperCase() === coin.toUpperCase());
  const text = String(row?.basePrecision ?? '');
  return /^\d{1,2}$/.test(text) ? Number(text) : null;
}

/** A price at the contract's tick (cut toward zero), or by magnitude without one. */
export function tickPrice(value: string | null | undefined, decimals: number | null): string {
  if (decimals === null) return formatPrice(value);
  return formatDecimal(value, { maxScale: decimals, minScale: decimals });
}

/**
 * A liquidation price at the tick, rounded toward the entry: a long's up and a
 * short's down, so the price shown is reached no later than the real one (the
 * screen never promises more room than the position has).
 */
export function liquidationPrice(value: string | null | undefined, short: boolean, decimals: number | null): string {
  if (!value) return '--';
  if (decimals === null) return formatPrice(value);
  const rounded = new Decimal(value).toDecimalPlaces(decimals, short ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
  return formatDecimal(rounded, { maxScale: decimals, minScale: decimals });
}
