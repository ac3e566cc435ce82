import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import type { Claim, WelfareTask } from '@/features/rewards/api';
import styles from '@/features/rewards/rewards.module.css';

/** One reward paid: a task's (titled in the caller's language when the task is still listed) or a day's sign-in. */
export function ClaimRow({ claim, tasks }: { claim: Claim; tasks: WelfareTask[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = claim.coin.toUpperCase();
  const signIn = claim.kind === 'sign_in';
  const title = signIn ? t('welfare_signInTitle') : (tasks.find((x) => x.id === claim.taskId)?.title ?? claim.title);
  return (
    <div className={styles['rw-row']} data-testid="welfare-claim" data-id={claim.id} data-kind={claim.kind} data-task-id={claim.taskId ?? undefined}>
      <div className={styles['rw-row-top']}>
        <span className={styles['rw-row-title']} data-testid="welfare-claim-title">
          {title}
        </span>
        <span className={`chip ${signIn ? 'chip-accent' : ''}`}>{signIn ? t('welfare_kindSignIn') : t('welfare_kindTask')}</span>
        <span className={styles['rw-row-amount']} data-testid="welfare-claim-amount" data-value={claim.amount}>
          <Ltr>+{money.amount(claim.amount, coin)}</Ltr> {coin}
        </span>
      </div>
      <span className="muted small">
        <bdi>{formatDateTime(claim.createTime)}</bdi>
      </span>
    </div>
  );
}
