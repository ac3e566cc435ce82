import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { formatDecimal } from '@/shared/format/decimal-format';
import { Icon, Ltr } from '@/shared/ui';
import type { DepositCondition } from '@/features/rewards/api';
import { isAnyDeposit } from '@/features/rewards/lib/condition';
import styles from '@/features/rewards/rewards.module.css';

/**
 * The deposit that task and sign-in rewards wait for (issue 32: an account
 * that never deposited farmed them): the condition, whether it is met and,
 * until it is, how much is deposited and the way to the deposit screen.
 */
export function DepositConditionCard({ condition }: { condition: DepositCondition }) {
  const { t } = useTranslation();
  const any = isAnyDeposit(condition.minDeposit);
  const text = any ? t('welfare_conditionFirst') : t('welfare_conditionMin', { min: formatDecimal(condition.minDeposit) });
  if (condition.met) {
    return (
      <section className={`${styles['rw-card']} ${styles['rw-condition']} ${styles['rw-condition-met']}`} data-testid="welfare-condition" data-met="true">
        <p className={styles['rw-condition-line']}>
          <Icon name="check" size={16} /> <span>{t('welfare_conditionMet')}</span>
        </p>
      </section>
    );
  }
  return (
    <section className={`${styles['rw-card']} ${styles['rw-condition']}`} data-testid="welfare-condition" data-met="false">
      <div className={styles['rw-head']}>
        <h3>{t('welfare_conditionTitle')}</h3>
      </div>
      <p className={styles['rw-text']} data-testid="welfare-condition-text">
        {text}
      </p>
      <div className={styles['rw-condition-foot']}>
        {any ? (
          <span />
        ) : (
          <span className="muted small" data-testid="welfare-condition-have" data-value={condition.deposited}>
            <Ltr>{t('welfare_conditionHave', { have: formatDecimal(condition.deposited) })}</Ltr>
          </span>
        )}
        <Link to={paths.deposit} className="btn btn-primary btn-small" data-testid="welfare-deposit-link">
          {t('welfare_deposit')}
        </Link>
      </div>
    </section>
  );
}
