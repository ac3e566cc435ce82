import type { TFunction } from 'i18next';
import type { AmountError } from '@/shared/format/amount';

/** The user's-language text of a client-side amount check. */
export function amountErrorText(t: TFunction, error: AmountError, coin = ''): string {
  switch (error.kind) {
    case 'empty':
      return t('amount_required');
    case 'format':
    case 'positive':
      return t('amount_invalid');
    case 'precision':
      return t('amount_precision', { scale: error.scale });
    case 'min':
      return t('amount_min', { min: error.min, coin });
    case 'max':
      return t('amount_max', { max: error.max, coin });
    case 'balance':
      return t('amount_balance', { available: error.available, coin });
    case 'tooLarge':
      return t('amount_too_large');
  }
}
