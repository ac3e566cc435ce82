import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyTradingConfirmPath } from '@/shared/config/paths';
import { Button, Ltr } from '@/shared/ui';
import type { TraderCard } from '@/features/copy-trading/api';
import { sparklinePoints, seriesTotal } from '@/features/copy-trading/lib/chart';
import { initialOf, isFull, pctText, toneOf } from '@/features/copy-trading/lib/display';
import styles from '../copy.module.css';

/** The trader's picture, or their initial. */
export function TraderAvatar({ name, src, large = false }: { name: string; src?: string | null; large?: boolean }) {
  const cls = `${styles['ct-avatar']} ${large ? styles['ct-avatar-lg'] : ''}`;
  return src ? <img className={cls} src={src} alt="" loading="lazy" /> : <span className={cls} aria-hidden="true">{initialOf(name)}</span>;
}

/** A signed percent in the colour of its sign. */
export function Pct({ value, testId, className = '' }: { value: string | null | undefined; testId?: string; className?: string }) {
  return (
    <span className={`${toneOf(value)} ${className}`} data-testid={testId} data-value={value ?? undefined}>
      <Ltr>{pctText(value, { sign: true })}</Ltr>
    </span>
  );
}

/** One figure of a definition list; `value` is the raw figure (data-value) for tests and journeys. */
export function Fig({ label, children, testId, value }: { label: ReactNode; children: ReactNode; testId?: string; value?: string | number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={value === null || value === undefined ? undefined : String(value)}>
        {children}
      </dd>
    </div>
  );
}

/** The 30-day cumulative ROI curve of a trader's daily series. */
export function Sparkline({ series, label }: { series: string[]; label: string }) {
  const points = sparklinePoints(series, 112, 40);
  if (!points) return <span className={styles['ct-spark']} aria-hidden="true" />;
  return (
    <svg className={styles['ct-spark']} viewBox="0 0 112 40" preserveAspectRatio="none" role="img" aria-label={label} data-testid="trader-sparkline" data-points={series.length}>
      <polyline className={toneOf(seriesTotal(series))} points={points} />
    </svg>
  );
}

/** Follow (to the settings form), Following (to edit them), or Full. */
export function FollowAction({ trader, small = true, block = false }: { trader: Pick<TraderCard, 'id' | 'following' | 'followUser' | 'maxUserCount'>; small?: boolean; block?: boolean }) {
  const { t } = useTranslation();
  const cls = ['btn', small ? 'btn-small' : '', block ? 'btn-block' : ''].filter(Boolean).join(' ');
  if (trader.following) {
    return (
      <Link to={copyTradingConfirmPath(trader.id)} className={`${cls} btn-secondary`} data-testid="follow-edit">
        <span>{t('floworder_following')}</span>
      </Link>
    );
  }
  if (isFull(trader)) {
    return (
      <Button variant="secondary" small={small} block={block} disabled data-testid="follow-full">
        {t('floworder_full')}
      </Button>
    );
  }
  return (
    <Link to={copyTradingConfirmPath(trader.id)} className={`${cls} btn-primary`} data-testid="follow-button">
      <span>{t('floworder_follow')}</span>
    </Link>
  );
}

/** "12 / 2500" followers. */
export function Followers({ trader }: { trader: Pick<TraderCard, 'followUser' | 'maxUserCount'> }) {
  const { t } = useTranslation();
  return (
    <span className="muted small" data-testid="trader-followers" data-value={`${trader.followUser}/${trader.maxUserCount}`} title={t('floworder_followers')}>
      {t('floworder_followersCount', { n: trader.followUser, max: trader.maxUserCount })}
    </span>
  );
}
