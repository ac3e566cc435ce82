import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Page, Spinner, toast } from '@/shared/ui';
import { QrCode } from '@/shared/ui/QrCode';
import { type AgentInfo, useAgentInfo, AgentRules, RebateShares, rewardsStyles as styles } from '@/features/rewards';

export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?inviteCode=${encodeURIComponent(code)}`;
}

export default function InviteScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const code = useSession((s) => s.userInfo?.inviteCode) ?? '';
  const link = code ? inviteLink(window.location.origin, code) : '';
  const info = useAgentInfo(isSign);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('copied'), 'success');
    } catch {
      toast(t('copyFailed'), 'error');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('invite_title'), text: t('agent_shareText', { code }), url: link });
    } catch {
      // Dismissed by the user, or refused by the browser: nothing to say.
    }
  };
  return (
    <Page title={t('invite_title')} testId="screen-invite">
      <div className={styles.rw}>
        <section className="invite-hero">
          <span className="invite-icon">
            <Icon name="gift" size={34} />
          </span>
          <h2>{t('invite_title')}</h2>
          <p className="muted">{t('invite_hint')}</p>
        </section>
        {!code ? (
          <EmptyState />
        ) : (
          <div className={styles['rw-invite']}>
            <div className="stack">
              <div className="card invite-box">
                <span className="muted small">{t('invite_code')}</span>
                <strong className="invite-code mono" dir="ltr" data-testid="invite-code">
                  {code}
                </strong>
                <Button variant="secondary" small onClick={() => copy(code)} data-testid="invite-copy-code">
                  <Icon name="copy" size={14} /> {t('invite_copyCode')}
                </Button>
              </div>
              <div className="card invite-box">
                <span className="muted small">{t('invite_link')}</span>
                <span className="invite-link mono" dir="ltr" data-testid="invite-link">
                  {link}
                </span>
                <div className={styles['rw-actions']}>
                  <Button small onClick={() => copy(link)} data-testid="invite-copy-link">
                    <Icon name="copy" size={14} /> {t('invite_copyLink')}
                  </Button>
                  {canShare ? (
                    <Button variant="secondary" small onClick={() => void share()} data-testid="invite-share">
                      {t('agent_shareLink')}
                    </Button>
                  ) : null}
                </div>
              </div>
            </div>
            <div className={`card ${styles['rw-qr']}`}>
              <QrCode text={link} size={168} testId="invite-qr" />
              <span className="muted small">{t('agent_qrHint')}</span>
            </div>
          </div>
        )}
        {info.isLoading ? (
          <div className={styles['rw-center']} data-testid="invite-agent-loading">
            <Spinner />
          </div>
        ) : info.data ? (
          <div className={styles['rw-cols']}>
            <div className={styles['rw-col']}>
              <InviteSummary info={info.data} />
              <RebateShares info={info.data} testId="invite-shares" />
            </div>
            <div className={styles['rw-col']}>
              <AgentRules testId="invite-rules" />
            </div>
          </div>
        ) : null}
      </div>
    </Page>
  );
}

/** My team and my rebates so far, with the way to the agent centre. */
function InviteSummary({ info }: { info: AgentInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className={`${styles['rw-card']} ${styles['rw-hero']}`} data-testid="invite-summary">
      <div className={styles['rw-head']}>
        <h2>{t('agent_inviteSummary')}</h2>
        <Link to={paths.agent} className={styles['rw-inline-link']} data-testid="invite-agent-link">
          {t('agent_openCentre')} <Icon name="chevron" size={14} />
        </Link>
      </div>
      <dl className={styles['rw-grid']}>
        <div>
          <dt>{t('agent_direct')}</dt>
          <dd data-testid="invite-child-count" data-value={String(info.childCount)}>
            <Ltr>{String(info.childCount)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('agent_allMembers')}</dt>
          <dd data-testid="invite-all-count" data-value={String(info.childAllCount)}>
            <Ltr>{String(info.childAllCount)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('agent_rebatesAll')}</dt>
          <dd data-testid="invite-sum-amount" data-value={info.sumAmount}>
            <Ltr>{money.amount(info.sumAmount, 'USDT')}</Ltr> <small>USDT</small>
          </dd>
        </div>
        <div>
          <dt>{t('agent_rebatesToday')}</dt>
          <dd data-testid="invite-today-amount" data-value={info.todayAmount}>
            <Ltr>{money.amount(info.todayAmount, 'USDT')}</Ltr> <small>USDT</small>
          </dd>
        </div>
      </dl>
      <div className={styles['rw-actions']}>
        <Link to={paths.agentRecords} className={styles['rw-inline-link']} data-testid="invite-records-link">
          {t('agent_recordsTitle')} <Icon name="chevron" size={14} />
        </Link>
        <Link to={paths.agentEarnings} className={styles['rw-inline-link']} data-testid="invite-earnings-link">
          {t('agent_earningsTitle')} <Icon name="chevron" size={14} />
        </Link>
      </div>
    </section>
  );
}
