/**
 * What the rewards screens call things: products, levels, volume bands and
 * where an unfinished task is done.
 */
import type { TKey } from '@/shared/i18n/i18n';
import { paths } from '@/shared/config/paths';

const PRODUCTS: Record<string, TKey> = {
  spot: 'agent_product_spot',
  futures: 'agent_product_futures',
  option: 'agent_product_option',
  second: 'agent_product_second',
};

/** The label key of a rebate's product; null for a product this build does not know (shown as sent). */
export function productKey(product: string): TKey | null {
  return PRODUCTS[product] ?? null;
}

/** A volume band ("0", "<1K", "1K-10K", "10K-100K", ">=100K") written for people: "none" for "0" (null), "≥ 100K", "1K – 10K". */
export function volumeBandText(band: string): string | null {
  const b = band.trim();
  if (b === '' || b === '0') return null;
  if (b.startsWith('>=')) return `≥ ${b.slice(2)}`;
  if (b.startsWith('<=')) return `≤ ${b.slice(2)}`;
  if (b.startsWith('<')) return `< ${b.slice(1)}`;
  if (b.startsWith('>')) return `> ${b.slice(1)}`;
  const range = /^([^-]+)-([^-]+)$/.exec(b);
  return range ? `${range[1]} – ${range[2]}` : b;
}

/** The published share of each level, 1-based. */
export type Level = 1 | 2 | 3;
export const LEVELS: readonly Level[] = [1, 2, 3];

/** Where an unfinished task of `kind` is done; null for a kind without a screen. */
export function taskLink(kind: string): string | null {
  switch (kind) {
    case 'bind_email':
      return paths.emailAuthentication;
    case 'bind_phone':
      return paths.phoneAuth;
    case 'kyc_primary':
      return `${paths.userauth}?tab=primary`;
    case 'first_deposit':
      return paths.deposit;
    case 'first_trade':
    case 'spot_volume':
      return paths.trade;
    default:
      return null;
  }
}

/** A task whose progress is an amount of USDT rather than a one-off step. */
export function progressUnit(kind: string): string | null {
  return kind === 'spot_volume' ? 'USDT' : null;
}
