import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/format/date';
import { Ltr } from '@/shared/ui';
import { clockText, type EntryState, type Issue } from '../lib/issue';
import styles from '../options.module.css';

/** The issue running now: its number and window, and the countdown to the cutoff (or to the next issue while entry is closed). */
export function IssueBar({ issue, entry }: { issue: Issue; entry: EntryState }) {
  const { t } = useTranslation();
  return (
    <div className={styles['op-issue']} data-testid="op-issue" data-issue={issue.no} data-open={entry.open}>
      <div className={styles['op-issue-row']}>
        <span className="muted small">{t('op_issue', { no: issue.no })}</span>
        <span className="mono small" data-testid="op-window">
          <Ltr>
            {formatTime(issue.start)} – {formatTime(issue.end)}
          </Ltr>
        </span>
      </div>
      {entry.open ? (
        <div className={styles['op-issue-row']}>
          <span>{t('op_entryCloses')}</span>
          <span className={`mono ${styles['op-clock']}`} data-testid="op-cutoff-countdown">
            {clockText(entry.secondsToCutoff)}
          </span>
        </div>
      ) : (
        <div className={styles['op-issue-row']}>
          <span className="down">{t('op_entryClosed')}</span>
          <span className={`mono ${styles['op-clock']}`} data-testid="op-next-countdown">
            {clockText(entry.secondsToNext)}
          </span>
        </div>
      )}
    </div>
  );
}
