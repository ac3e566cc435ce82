import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@/shared/format/decimal-format';
import { useMoney } from '@/shared/format/use-money';
import { Button, EmptyState, Icon, Ltr } from '@/shared/ui';
import type { WelfareTask } from '@/features/rewards/api';
import { progressPercent } from '@/features/rewards/lib/progress';
import { progressUnit, taskLink } from '@/features/rewards/lib/labels';
import styles from '@/features/rewards/rewards.module.css';

/**
 * The tasks with their measured progress: Claim when done and unclaimed (off while the deposit condition is not met),
 * Claimed after, Go to where an unfinished one is done.
 */
export function TaskList({ tasks, busy, locked = false, onClaim }: { tasks: WelfareTask[]; busy: number | 'signIn' | null; locked?: boolean; onClaim: (taskId: number) => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles['rw-card']} data-testid="welfare-tasks">
      <div className={styles['rw-head']}>
        <h3>{t('welfare_tasksTitle')}</h3>
      </div>
      {tasks.length === 0 ? (
        <EmptyState text={t('welfare_noTasks')} icon="welfare" />
      ) : (
        <ul className={styles['rw-tasks']}>
          {tasks.map((task) => (
            <li key={task.id}>
              <TaskRow task={task} claiming={busy === task.id} locked={busy !== null || locked} onClaim={onClaim} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TaskRow({ task, claiming, locked, onClaim }: { task: WelfareTask; claiming: boolean; locked: boolean; onClaim: (taskId: number) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const pct = progressPercent(task.current, task.target);
  const unit = progressUnit(task.kind);
  const link = taskLink(task.kind);
  const coin = task.rewardCoin.toUpperCase();
  let action;
  if (task.claimed) {
    action = (
      <span className="chip chip-success" data-testid="welfare-task-claimed">
        <Icon name="check" size={13} /> {t('welfare_claimed')}
      </span>
    );
  } else if (task.done) {
    action = (
      <Button small onClick={() => onClaim(task.id)} loading={claiming} disabled={locked && !claiming} data-testid="welfare-task-claim">
        {t('welfare_claim')}
      </Button>
    );
  } else if (link) {
    action = (
      <Link to={link} className={styles['rw-go']} data-testid="welfare-task-go">
        {t('welfare_go')} <Icon name="chevron" size={14} />
      </Link>
    );
  } else {
    action = null;
  }
  return (
    <div className={styles['rw-task']} data-testid={`welfare-task-${task.kind}`} data-task-id={task.id} data-done={String(task.done)} data-claimed={String(task.claimed)}>
      <div className={styles['rw-task-top']}>
        <div className={styles['rw-task-text']}>
          <strong data-testid="welfare-task-title">{task.title}</strong>
          {task.description ? <span>{task.description}</span> : null}
          {task.kind === 'first_trade' && !task.claimed ? <span data-testid="welfare-task-hint">{t('welfare_firstTradeHint')}</span> : null}
        </div>
        <span className={styles['rw-task-reward']} data-testid="welfare-task-reward" data-value={task.rewardAmount}>
          <Ltr>+{money.amount(task.rewardAmount, coin)}</Ltr> {coin}
        </span>
      </div>
      <div className={styles['rw-task-bottom']}>
        <div className={styles['rw-progress']}>
          <span
            className={`${styles['rw-bar']} ${task.done ? styles['rw-bar-done'] : ''}`}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number(pct)}
            aria-label={t('welfare_progress')}
            data-testid="welfare-task-progress"
            data-value={pct}
          >
            <span style={{ width: `${pct}%` }} />
          </span>
          <span className={styles['rw-progress-text']} data-testid="welfare-task-progress-text">
            <Ltr>
              {formatDecimal(task.current)} / {formatDecimal(task.target)}
              {unit ? ` ${unit}` : ''}
            </Ltr>
          </span>
        </div>
        <div className={styles['rw-task-action']}>{action}</div>
      </div>
    </div>
  );
}
