import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyTradingTraderPath } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Page, Spinner } from '@/shared/ui';
import { availableOf, useAssetBalance, TransferSheet } from '@/features/wallet';
import type { MyTrader } from '@/features/copy-trading/api';
import { useMyTrader, useTraderSetting } from '@/features/copy-trading/hooks';
import { shareText } from '@/features/copy-trading/lib/display';
import { meetsMinimum, shortfall } from '@/features/copy-trading/lib/profile';
import { ProfileForm } from '../components/ProfileForm';
import styles from '../copy.module.css';

const USDT = 'USDT';

/**
 * /floworder/apply: become a lead trader. The requirement (futures USDT at
 * least TRADER_SETTING.traderMinAmount) beside my balance, the application,
 * then its status; an approved trader edits their name, bio and delay here.
 */
export default function FlowOrderApplyScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const mine = useMyTrader(isSign);
  const app = mine.data ?? null;

  let body;
  if (mine.isLoading)
    body = (
      <div className={styles['ct-center']} data-testid="apply-loading">
        <Spinner />
      </div>
    );
  else if (mine.isError)
    body = (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => void mine.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <div className={`${styles.ct} ${styles['ct-narrow']}`}>
        {app ? <Status app={app} /> : null}
        {app?.status === 1 ? (
          <section className={styles['ct-box']}>
            <h2>{t('floworder_leadSettings')}</h2>
            <ProfileForm
              key={`${app.id}-${app.traderName}-${app.orderDelaySeconds}`}
              mode="update"
              initial={{ traderName: app.traderName, bio: app.bio ?? '', orderDelaySeconds: String(app.orderDelaySeconds ?? 0) }}
            />
          </section>
        ) : app?.status === 0 ? (
          <section className={styles['ct-box']} data-testid="apply-submitted">
            <h2>{app.traderName}</h2>
            {app.bio ? <p className={styles['ct-text']}>{app.bio}</p> : null}
            <p className="muted small">{formatDateTime(app.createTime)}</p>
          </section>
        ) : (
          <Application app={app} />
        )}
      </div>
    );

  return (
    <Page title={app?.status === 1 ? t('floworder_leadSettings') : t('floworderApply_title')} testId="screen-flowOrderApply">
      {body}
    </Page>
  );
}

const STATUS = {
  0: { key: 'floworder_status_pending', chip: 'chip-warning', box: 'ct-warn' },
  1: { key: 'floworder_status_approved', chip: 'chip-success', box: 'ct-ok' },
  2: { key: 'floworder_status_rejected', chip: 'chip-danger', box: 'ct-error' },
} as const;

function Status({ app }: { app: MyTrader }) {
  const { t } = useTranslation();
  const s = app.status === 1 || app.status === 2 ? STATUS[app.status] : STATUS[0];
  return (
    <section className={styles['ct-box']} data-testid="apply-status" data-status={app.status}>
      <div className={styles['ct-row']}>
        <h2>{t('floworder_applicationStatus')}</h2>
        <span className={`chip ${s.chip}`}>{t(s.key)}</span>
      </div>
      {app.status === 0 ? <p className={styles[s.box]}>{t('floworder_pendingText')}</p> : null}
      {app.status === 1 ? (
        <>
          <p className={styles[s.box]}>{t('floworder_approvedText', { n: app.followUser })}</p>
          <Link to={copyTradingTraderPath(app.id)} className="btn btn-secondary btn-block" data-testid="apply-homepage">
            <span>{t('floworder_myHomepage')}</span>
          </Link>
        </>
      ) : null}
      {app.status === 2 ? (
        <p className={styles[s.box]} data-testid="apply-reason">
          {app.reason ? t('floworder_rejectedReason', { reason: app.reason }) : t('floworder_rejectedText')} {t('floworder_reapply')}
        </p>
      ) : null}
    </section>
  );
}

/** What leading means, the balance requirement, and the application form (a rejected one pre-filled). */
function Application({ app }: { app: MyTrader | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const isSign = useSession((s) => s.isSign);
  const setting = useTraderSetting();
  const balance = useAssetBalance(isSign);
  const [transferring, setTransferring] = useState(false);
  const min = setting.traderMinAmount ? String(setting.traderMinAmount) : null;
  const available = balance.data ? availableOf(balance.data, 'contract', USDT) : undefined;
  const met = meetsMinimum(available, min);
  return (
    <>
      <section className={styles['ct-box']} data-testid="apply-intro">
        <h2>{t('floworder_leadIntroTitle')}</h2>
        <ul className={styles['ct-steps']}>
          <li>{t('floworder_leadIntro1')}</li>
          <li>{t('floworder_leadIntro2', { rate: shareText(setting.shareRate === undefined ? null : String(setting.shareRate)) })}</li>
          <li>{t('floworder_leadIntro3', { max: setting.maxUserCount ?? '--' })}</li>
        </ul>
      </section>

      <section className={styles['ct-box']} data-testid="apply-requirement" data-met={met === null ? undefined : String(met)}>
        <h2>{t('floworder_requirements')}</h2>
        <div className={styles['ct-req']}>
          <span className={`${styles['ct-req-icon']} ${met === true ? styles['ct-req-met'] : met === false ? styles['ct-req-unmet'] : ''}`} aria-hidden="true">
            <Icon name={met === false ? 'close' : 'check'} size={16} />
          </span>
          <div>
            <p>{t('floworder_reqBalance', { min: min === null ? '--' : money.amount(min, USDT) })}</p>
            <p className="muted small" data-testid="apply-balance" data-value={available}>
              {t('floworder_reqYours')} <Ltr>{available === undefined ? '--' : money.balance(available, USDT)}</Ltr> {USDT}
            </p>
          </div>
        </div>
        {met === false ? (
          <div className={styles['ct-row']}>
            <p className={styles['ct-warn']} data-testid="apply-shortfall">
              {t('floworder_reqShort', { amount: money.amount(shortfall(available, min), USDT) })}
            </p>
            <Button variant="secondary" small onClick={() => setTransferring(true)} data-testid="apply-transfer">
              {t('fu_transfer')}
            </Button>
          </div>
        ) : null}
      </section>

      <section className={styles['ct-box']}>
        <h2>{app ? t('floworder_reapplyTitle') : t('floworder_applyTitle')}</h2>
        <ProfileForm mode="apply" initial={{ traderName: app?.traderName ?? '', bio: app?.bio ?? '' }} blocked={met === false} />
      </section>
      <TransferSheet open={transferring} onClose={() => setTransferring(false)} initialFrom="spot" />
    </>
  );
}
