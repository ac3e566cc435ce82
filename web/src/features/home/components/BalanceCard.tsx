import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { usdt } from '@/shared/format/display';
import { useSession } from '@/shared/session/session-store';
import { useAssetBalance } from '@/features/wallet';
import { Icon } from '@/shared/ui';
import styles from './home.module.css';

/** Shown instead of the figures while the user hides their balance. */
export const HIDDEN_BALANCE = '******';

/**
 * Phone home, signed in: total assets in USDT (the wallet API's sum over every
 * wallet), a show/hide switch remembered on this device (the session's
 * `eyes`), and the ways in to deposit and withdraw.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useAssetBalance(true);
  const shown = useSession((s) => s.eyes);
  const setShown = useSession((s) => s.setEyes);
  let figure: string;
  if (!shown) figure = HIDDEN_BALANCE;
  else if (balance.data) figure = usdt(balance.data.totalUsdt);
  else figure = balance.isError ? '--' : '…';
  return (
    <section className={styles.balance} data-testid="home-balance" aria-busy={balance.isLoading}>
      <div className={styles['balance-head']}>
        <span className={styles['portfolio-label']}>{t('home_totalAssets')}</span>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setShown(!shown)}
          aria-pressed={!shown}
          aria-label={shown ? t('home_hideBalance') : t('home_showBalance')}
          data-testid="home-balance-toggle"
        >
          <Icon name={shown ? 'eye' : 'eyeOff'} size={18} />
        </button>
      </div>
      <Link to={paths.wallet} className={styles['balance-total']} data-testid="home-balance-total" data-hidden={!shown}>
        <span className="mono">{figure}</span>
        <span className={styles['portfolio-unit']}>USDT</span>
      </Link>
      {balance.isError && !balance.data ? <p className="muted small">{t('desktop_balanceUnavailable')}</p> : null}
      <div className={styles['balance-actions']}>
        <Link to={paths.deposit} className="btn btn-primary btn-small" data-testid="home-balance-deposit">
          <Icon name="recharge" size={16} />
          {t('menu_recharge')}
        </Link>
        <Link to={paths.withdraw} className="btn btn-secondary btn-small" data-testid="home-balance-withdraw">
          <Icon name="upload" size={16} />
          {t('withdraw_title')}
        </Link>
      </div>
    </section>
  );
}
