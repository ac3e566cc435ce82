import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@/shared/api/types';
import { Icon } from '@/shared/ui';
import { useHasDeposited } from '../api/get-confirmed-deposits';
import { firstSteps } from './first-steps';
import styles from './first-run.module.css';

/**
 * The first-run checklist: shown after sign-up and at the head of the
 * personal centre until every step is done. Nothing shows until the deposit
 * check has answered, so a done step never flashes as open.
 */
export function FirstRunChecklist({ user, welcome }: { user: UserInfo; welcome: boolean }) {
  const { t } = useTranslation();
  const deposited = useHasDeposited(true);
  if (deposited.data === undefined && !deposited.isError) return null;
  const steps = firstSteps(user, deposited.data ?? false);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section className={`card ${styles.card}`} data-testid="first-run">
      <div className={styles.head}>
        <strong>{welcome ? t('firstRun_welcome') : t('firstRun_title')}</strong>
        <span className="muted small" data-testid="first-run-progress">
          {t('firstRun_progress', { done, total: steps.length })}
        </span>
      </div>
      <ol className={styles.steps}>
        {steps.map((s) => (
          <li key={s.key}>
            <Link to={s.to} className={s.done ? styles.done : styles.open} data-testid={`first-run-${s.key}`} data-done={s.done}>
              <span className={styles.mark} aria-hidden="true">
                {s.done ? <Icon name="check" size={14} /> : null}
              </span>
              <span className={styles.label}>{t(s.label)}</span>
              <span className="muted small">{s.done ? t('firstRun_done') : s.waiting ? t('firstRun_waiting') : null}</span>
              {s.done ? null : <Icon name="chevron" size={14} />}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
