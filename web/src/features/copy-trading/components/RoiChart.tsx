import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/date';
import type { TraderProfitDay } from '@/features/copy-trading/api';
import { roiBars } from '@/features/copy-trading/lib/chart';
import { pctText } from '@/features/copy-trading/lib/display';
import styles from '../copy.module.css';

const W = 300;
const H = 120;

/** A UTC day ("2026-11-01") in the interface language. */
function dayText(day: string | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day ?? '';
  return formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });
}

/** The trader's daily ROI over 30 days, a bar a day around zero. */
export function RoiChart({ days }: { days: TraderProfitDay[] }) {
  const { t } = useTranslation();
  const { bars, zero } = roiBars(days, W, H);
  return (
    <div data-testid="trader-roi-chart" data-days={days.length}>
      <svg className={styles['ct-chart']} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('floworder_dailyRoi')}>
        <line x1={0} x2={W} y1={zero} y2={zero} />
        {bars.map((b) => (
          <rect key={b.day} className={b.sign < 0 ? 'down' : 'up'} x={b.x} y={b.y} width={b.width} height={b.height} data-testid="trader-roi-bar" data-value={b.rate}>
            <title>{`${dayText(b.day)}: ${pctText(b.rate, { sign: true })}`}</title>
          </rect>
        ))}
      </svg>
      <div className={styles['ct-chart-axis']}>
        <span>{dayText(days[0]?.day)}</span>
        <span>{dayText(days[days.length - 1]?.day)}</span>
      </div>
    </div>
  );
}
