/** The lead-trader application and settings forms, checked before they are sent. */
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { toDecimal, type DecimalInput } from '@/shared/format/number';

export const NAME_MAX = 32;
export const BIO_MAX = 280;
export const DELAY_MAX = 3600;

export interface ProfileForm {
  traderName: string;
  bio: string;
  /** Only on the approved trader's settings. */
  orderDelaySeconds?: string;
}

export type ProfileField = 'traderName' | 'bio' | 'orderDelaySeconds';
export type ProfileError = { kind: 'nameRequired' } | { kind: 'nameLong'; max: number } | { kind: 'bioLong'; max: number } | { kind: 'delay'; max: number };
export type ProfileErrors = Partial<Record<ProfileField, ProfileError>>;

export type ProfileCheck = { ok: true; traderName: string; bio: string; orderDelaySeconds: number | null } | { ok: false; errors: ProfileErrors };

/** Characters as people count them (an emoji is one). */
const length = (text: string) => [...text].length;

export function validateProfile(form: ProfileForm): ProfileCheck {
  const errors: ProfileErrors = {};
  const traderName = form.traderName.trim();
  const bio = form.bio.trim();
  if (!traderName) errors.traderName = { kind: 'nameRequired' };
  else if (length(traderName) > NAME_MAX) errors.traderName = { kind: 'nameLong', max: NAME_MAX };
  if (length(bio) > BIO_MAX) errors.bio = { kind: 'bioLong', max: BIO_MAX };
  let orderDelaySeconds: number | null = null;
  if (form.orderDelaySeconds !== undefined) {
    const text = form.orderDelaySeconds.trim();
    // A count of seconds, not money: a small integer.
    if (/^\d{1,4}$/.test(text) && Number(text) <= DELAY_MAX) orderDelaySeconds = Number(text);
    else errors.orderDelaySeconds = { kind: 'delay', max: DELAY_MAX };
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, traderName, bio, orderDelaySeconds };
}

export function profileErrorText(t: TFunction, error: ProfileError): string {
  switch (error.kind) {
    case 'nameRequired':
      return t('floworder_err_nameRequired');
    case 'nameLong':
      return t('floworder_err_nameLong', { max: error.max });
    case 'bioLong':
      return t('floworder_err_bioLong', { max: error.max });
    case 'delay':
      return t('floworder_err_delay', { max: error.max });
  }
}

/**
 * Whether the futures balance meets the minimum to lead: true or false once
 * both are known, null while either is missing.
 */
export function meetsMinimum(available: DecimalInput, minimum: DecimalInput): boolean | null {
  const a = toDecimal(available);
  const m = toDecimal(minimum);
  if (!a || !m) return null;
  return a.gte(m);
}

/** What is missing to the minimum ("0" when met). */
export function shortfall(available: DecimalInput, minimum: DecimalInput): string {
  const a = toDecimal(available) ?? new Decimal(0);
  const m = toDecimal(minimum) ?? new Decimal(0);
  return Decimal.max(0, m.minus(a)).toFixed();
}
