import Decimal from 'decimal.js';
import { toDecimal, type DecimalInput } from '@/shared/format/number';

/** An amount as the server sent it, without trailing zeros; '--' when missing. */
export function plainAmount(value: DecimalInput): string {
  const d = toDecimal(value);
  return d ? d.toFixed() : '--';
}

/** USDT value: 2 decimals, truncated. */
export function usdt(value: DecimalInput): string {
  const d = toDecimal(value);
  return d ? d.toFixed(2, Decimal.ROUND_DOWN) : '--';
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** Copy to the clipboard; resolves whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
