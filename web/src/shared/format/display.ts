import { toDecimal, type DecimalInput } from '@/shared/format/number';
import { formatDecimal } from '@/shared/format/decimal-format';
import { formatDateTime } from '@/shared/format/date';
import { USDT_SCALE } from '@/shared/format/money';

/** An amount as the server sent it, without trailing zeros; '--' when missing. */
export function plainAmount(value: DecimalInput): string {
  const d = toDecimal(value);
  return d ? d.toFixed() : '--';
}

/** USDT value: 2 decimals, truncated, grouped as the interface language writes numbers. */
export function usdt(value: DecimalInput): string {
  const d = toDecimal(value);
  return d ? formatDecimal(d, { maxScale: USDT_SCALE, minScale: USDT_SCALE }) : '--';
}

/** A time from the server in the interface language and the browser's time zone. */
export function dateTime(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) : '--';
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
