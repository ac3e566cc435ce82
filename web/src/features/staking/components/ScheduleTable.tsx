import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/date';
import { Ltr } from '@/shared/ui';
import { type RateEntry, pct, rateOn, utcDay, earnStyles as styles } from '@/features/earn';

/** The published daily rates: from which day (00:00 UTC) each applies, the one in force today marked. */
export function ScheduleTable({ schedule, now }: { schedule: RateEntry[]; now: number }) {
  const { t } = useTranslation();
  const rows = [...schedule].sort((a, b) => a.fromTime - b.fromTime);
  const today = rateOn(rows, now);
  const current = rows.filter((r) => utcDay(r.fromTime) <= utcDay(now)).pop();
  if (rows.length === 0) return <p className="muted small">{t('earn_noSchedule')}</p>;
  return (
    <table className={styles['ea-table']} data-testid="ss-schedule">
      <thead>
        <tr>
          <th scope="col">{t('earn_scheduleFrom')}</th>
          <th scope="col">{t('earn_scheduleRate')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const inForce = r === current && today !== null;
          return (
            <tr key={r.fromTime} data-testid="ss-schedule-row" data-from={r.fromTime} data-rate={r.rate}>
              <td>
                <Ltr>{formatDate(r.fromTime, { timeZone: 'UTC' })}</Ltr> {inForce ? <span className="chip chip-accent">{t('earn_inForce')}</span> : null}
              </td>
              <td className={inForce ? styles['ea-today'] : undefined}>
                <Ltr>{pct(r.rate)}%</Ltr> {t('earn_perDay')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
