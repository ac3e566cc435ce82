import { useTranslation } from 'react-i18next';
import { sanitizeAmountInput } from '@/shared/format/amount';
import { useMoney } from '@/shared/format/use-money';
import { Field, Ltr } from '@/shared/ui';
import styles from '../earn.module.css';

/**
 * The principal: a decimal field (digits and one point kept while typing; the
 * form checks the rest), a "max" action filling `max`, and the spot balance it
 * comes from.
 */
export function AmountInput({
  value,
  onChange,
  error,
  coin,
  available,
  max,
  limitMin,
  limitMax,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  coin: string;
  /** The spot balance, undefined while it loads. */
  available: string | undefined;
  /** What "max" fills in ("" when nothing can be put in). */
  max: string;
  limitMin: string;
  limitMax: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const unit = coin.toUpperCase();
  return (
    <div className={styles['ea-amount']}>
      <Field
        label={t('earn_amount')}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(sanitizeAmountInput(e.target.value))}
        placeholder={t('earn_amountHint', { min: limitMin, max: limitMax, coin: unit })}
        error={error}
        right={
          <>
            <span className={styles['ea-unit']}>{unit}</span>
            <button type="button" className="field-action" onClick={() => onChange(max)} disabled={!max} data-testid={`${testId}-max`}>
              {t('earn_max')}
            </button>
          </>
        }
        data-testid={testId}
      />
      <p className="muted small" data-testid={`${testId}-available`} data-value={available}>
        {t('earn_spotAvailable')}: <Ltr>{available === undefined ? '--' : money.balance(available, unit)}</Ltr> {unit}
      </p>
    </div>
  );
}
