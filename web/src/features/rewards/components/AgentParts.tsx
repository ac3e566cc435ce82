import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@/shared/format/decimal-format';
import { Ltr } from '@/shared/ui';
import type { AgentInfo } from '../api';
import { LEVELS, type Level } from '../lib/labels';
import styles from '../rewards.module.css';

/** A published share (percent): the number as the language writes it, then "%". */
export function percentText(ratio: string | null | undefined): string {
  const text = formatDecimal(ratio);
  return text === '--' ? text : `${text}%`;
}

export function ratioOf(info: AgentInfo, level: Level): string {
  return level === 1 ? info.oneRatio : level === 2 ? info.twoRatio : info.threeRatio;
}

/** Whether rebates are paid now. */
export function AgentStatus({ isOpen, testId }: { isOpen: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className={`chip ${isOpen ? 'chip-success' : 'chip-warning'}`} data-testid={testId} data-open={String(isOpen)}>
      {isOpen ? t('agent_statusOn') : t('agent_statusOff')}
    </span>
  );
}

/** The three published shares of a member's fee, with the programme's status. */
export function RebateShares({ info, testId }: { info: AgentInfo; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles['rw-card']} data-testid={testId}>
      <div className={styles['rw-head']}>
        <h3>{t('agent_sharesTitle')}</h3>
        <AgentStatus isOpen={info.isOpen} testId={`${testId}-status`} />
      </div>
      <ul className={styles['rw-shares']}>
        {LEVELS.map((level) => (
          <li key={level} className={`${styles['rw-share']} ${info.isOpen ? '' : styles['rw-share-off']}`}>
            <strong data-testid={`${testId}-ratio-${level}`} data-value={ratioOf(info, level)}>
              <Ltr>{percentText(ratioOf(info, level))}</Ltr>
            </strong>
            <span>{t(`agent_levelName_${level}`)}</span>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('agent_sharesHint')}</p>
      {info.isOpen ? null : (
        <p className={styles['rw-warn']} data-testid={`${testId}-paused`}>
          {t('agent_pausedNote')}
        </p>
      )}
    </section>
  );
}

/** How rebates work, as the programme publishes it. */
export function AgentRules({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles['rw-card']} data-testid={testId}>
      <h3>{t('agent_rulesTitle')}</h3>
      <ul className={styles['rw-rules']}>
        <li>{t('agent_rule_levels')}</li>
        <li>{t('agent_rule_source')}</li>
        <li>{t('agent_rule_batches')}</li>
        <li>{t('agent_rule_open')}</li>
        <li>{t('agent_rule_masked')}</li>
      </ul>
    </section>
  );
}
