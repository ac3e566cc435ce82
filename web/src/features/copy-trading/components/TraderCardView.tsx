import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyTradingTraderPath } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import type { TraderCard } from '@/features/copy-trading/api';
import { pctText, shareText, toneOf } from '@/features/copy-trading/lib/display';
import { Fig, FollowAction, Followers, Pct, Sparkline, TraderAvatar } from './Parts';
import styles from '../copy.module.css';

/** A lead trader on the list: 30-day ROI beside what followers made, the curve, PnL, win rate, AUM; follow or edit. */
export function TraderCardView({ trader: c }: { trader: TraderCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <article className={styles['ct-card']} data-testid="trader-card" data-trader-id={c.id} data-following={c.following}>
      <Link to={copyTradingTraderPath(c.id)} className={styles['ct-card-link']} data-testid="trader-card-link">
        <div className={styles['ct-head']}>
          <TraderAvatar name={c.traderName} src={c.avatar} />
          <div className={styles['ct-name']}>
            <strong data-testid="trader-name">{c.traderName}</strong>
            <Followers trader={c} />
          </div>
        </div>
        <div className={styles['ct-roi']}>
          <div className={styles['ct-roi-figs']}>
            <div>
              <span className={styles['ct-label']}>{t('floworder_roi30')}</span>
              <Pct value={c.profitRate30} testId="trader-roi" className={styles['ct-roi-value']} />
            </div>
            <div>
              <span className={styles['ct-label']}>{t('floworder_followersReturn')}</span>
              <Pct value={c.followersReturn} testId="trader-followers-return" className={styles['ct-roi-follow']} />
            </div>
          </div>
          <Sparkline series={c.series} label={t('floworder_curve30')} />
        </div>
        <dl className={styles['ct-figs']}>
          <Fig label={t('floworder_pnl30')} testId="trader-pnl" value={c.profitAmount30}>
            <span className={toneOf(c.profitAmount30)}>
              <Ltr>{money.amount(c.profitAmount30, 'USDT', { sign: 'always' })}</Ltr>
            </span>
          </Fig>
          <Fig label={t('floworder_winRate14')} testId="trader-win-rate" value={c.profitRate14}>
            <Ltr>{pctText(c.profitRate14)}</Ltr>
          </Fig>
          <Fig label={t('floworder_aum')} testId="trader-aum" value={c.followAmount}>
            <Ltr>{money.amount(c.followAmount, 'USDT')}</Ltr>
          </Fig>
        </dl>
      </Link>
      <div className={styles['ct-card-foot']}>
        <span className="muted small">
          {t('floworder_shareRateShort')} <Ltr>{shareText(c.shareRate)}</Ltr>
        </span>
        <FollowAction trader={c} />
      </div>
    </article>
  );
}

