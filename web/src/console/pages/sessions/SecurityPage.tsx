// My security: two-step sign-in (status, set up, new recovery codes, turn
// off for roles that may) and this operator's sessions (when each was last
// used; end one, or every one but this), and the past ones with why they
// ended. Each change asks for a reason, as every operator write does, and
// shows the audit entry it made (layout/AuditMade; crates/account/src/
// operator_security.rs records them). Signing out (the top bar) asks none:
// the server records its own wording for it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { fmtDateTime } from '../../format';
import { meKey, useMe } from '../../layout/me';
import { Badge, Button, Card, Empty, ErrorNote, Loading, Modal, PageHead, ReasonDialog, ReasonField } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import { useOperator } from '../../session';
import { CodeField, RecoveryCodes, TotpEnrol, cleanCode, type RecoveryCodesReply } from '../signin/totp';
import { PagedRows } from '../users/PagedRows';
import { keyFor } from '../../keys';
import type { components } from '@/shared/api/schema';

/** GET /api/admin/sessions (crates/account/src/routes/admin/auth/sessions.rs SessionRow). */
export type OperatorSession = components['schemas']['SessionRow'];

/** The live list and (under it, so one invalidation refreshes both) the past ones. */
export const sessionsKey = ['console', 'sessions'] as const;

/** Roles that must keep two-step sign-in on (the server refuses to turn it off). */
const TOTP_LOCKED_ROLES = ['owner'];

export function SecurityPage() {
  const { t } = useCt();
  return (
    <div className="c-page" data-testid="security">
      <PageHead title={t('security.title')} sub={t('security.sub')} />
      <div className="c-grid2 c-grid2--top">
        <TotpCard />
        <SessionsCard />
      </div>
      <PastSessionsCard />
    </div>
  );
}

type Action = 'enrol' | 'regenerate' | 'disable';

/** A change just made, and the audit entry it made (none when the operator's id is not known). */
interface Notice {
  text: string;
  audit: AuditWrite | null;
}

function NoticeNote({ notice }: { notice: Notice }) {
  return (
    <div className="c-note c-note--ok" data-testid="security-notice">
      <span>{notice.text}</span> {notice.audit ? <AuditMade write={notice.audit} /> : null}
    </div>
  );
}

function TotpCard() {
  const { t } = useCt();
  const me = useMe();
  const client = useQueryClient();
  const username = useOperator((s) => s.username) ?? '';
  const [action, setAction] = useState<Action | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The reason the new recovery codes were asked with, for the note once they are put away. */
  const [codesReason, setCodesReason] = useState('');

  if (me.isPending) return <Card title={t('security.totp.title')}><Loading /></Card>;
  if (me.isError) return <Card title={t('security.totp.title')}><ErrorNote error={me.error} onRetry={() => void me.refetch()} /></Card>;
  const { totpEnabled, role } = me.data;
  const mayDisable = !TOTP_LOCKED_ROLES.includes(role) && !me.data.totpRequired;

  const refresh = () => void client.invalidateQueries({ queryKey: meKey });
  const id = me.data.id;
  /** A change to this operator's two-step sign-in, on target admin:<id>, with the reason given. */
  const made = (text: string, action: string, reason: string): Notice => ({ text, audit: id === undefined ? null : auditWrite(action, `admin:${id}`, reason) });

  return (
    <Card title={t('security.totp.title')} testId="totp-card" actions={totpEnabled ? <Badge tone="ok">{t('security.totp.on')}</Badge> : <Badge tone="warn">{t('security.totp.off')}</Badge>}>
      {notice ? <NoticeNote notice={notice} /> : null}
      {codes ? (
        <RecoveryCodes
          codes={codes}
          username={username}
          doneLabel={t('security.totp.codesDone')}
          onDone={() => {
            setCodes(null);
            setNotice(made(t('security.totp.codesReplaced'), 'operator.recovery_codes_regenerate', codesReason));
          }}
        />
      ) : action === 'enrol' ? (
        <TotpEnrol
          username={username}
          onCancel={() => setAction(null)}
          onDone={(reason) => {
            setAction(null);
            setNotice(made(t('security.totp.enabledNow'), 'operator.totp_enable', reason));
            refresh();
          }}
        />
      ) : totpEnabled ? (
        <>
          <p className="c-muted">{t('security.totp.onText')}</p>
          {me.data.recoveryCodesLeft !== undefined ? (
            <p className={me.data.recoveryCodesLeft <= 3 ? 'c-warn-text c-small' : 'c-small c-muted'} data-testid="codes-left">
              {t('security.totp.codesLeft', { n: me.data.recoveryCodesLeft })}
            </p>
          ) : null}
          <div className="c-row">
            <Button onClick={() => setAction('regenerate')} data-testid="regenerate-codes">
              {t('security.totp.regenerate')}
            </Button>
            {mayDisable ? (
              <Button variant="danger" onClick={() => setAction('disable')} data-testid="disable-totp">
                {t('security.totp.disable')}
              </Button>
            ) : null}
          </div>
          {!mayDisable ? <p className="c-small c-muted">{t('security.totp.ownerKeeps')}</p> : null}
        </>
      ) : (
        <>
          <p className="c-muted">{t('security.totp.offText')}</p>
          <Button variant="primary" onClick={() => setAction('enrol')} data-testid="enable-totp">
            {t('security.totp.enable')}
          </Button>
        </>
      )}
      {action === 'regenerate' ? (
        <CodeDialog
          title={t('security.totp.regenerate')}
          intro={t('security.totp.regenerateIntro')}
          confirmLabel={t('security.totp.regenerateConfirm')}
          onClose={() => setAction(null)}
          onSubmit={async (code, reason) => {
            const reply = await adminApi.post<RecoveryCodesReply>('/api/admin/totp/recovery-codes', { code, reason });
            setAction(null);
            setNotice(null);
            setCodesReason(reason);
            setCodes(reply.recoveryCodes ?? []);
          }}
        />
      ) : null}
      {action === 'disable' ? (
        <CodeDialog
          title={t('security.totp.disable')}
          intro={t('security.totp.disableIntro')}
          confirmLabel={t('security.totp.disableConfirm')}
          danger
          onClose={() => setAction(null)}
          onSubmit={async (code, reason) => {
            await adminApi.post('/api/admin/totp/disable', { code, reason });
            setAction(null);
            setNotice(made(t('security.totp.disabledNow'), 'operator.totp_disable', reason));
            refresh();
          }}
        />
      ) : null}
    </Card>
  );
}

/** Asks for a current code (or a recovery code) and the reason before a change to two-step sign-in. */
function CodeDialog({
  title,
  intro,
  confirmLabel,
  danger = false,
  onClose,
  onSubmit,
}: {
  title: string;
  intro: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (code: string, reason: string) => Promise<void>;
}) {
  const { t } = useCt();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const c = cleanCode(code);
  const why = reason.trim();
  const ready = (recovery ? c.length >= 6 : /^\d{6}$/.test(c)) && why !== '';
  const submit = async () => {
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(c, why);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('shell.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} disabled={!ready} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="c-modal__intro">{intro}</p>
        <CodeField value={code} onChange={setCode} recovery={recovery} autoFocus label={recovery ? t('signin.code.labelRecovery') : undefined} />
        <button
          type="button"
          className="c-link c-small"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? t('signin.useApp') : t('signin.useRecovery')}
        </button>
        <ReasonField value={reason} onChange={setReason} />
        <ErrorNote error={error} />
      </form>
    </Modal>
  );
}

function SessionsCard() {
  const { t } = useCt();
  const client = useQueryClient();
  const myId = useMe().data?.id;
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [ending, setEnding] = useState<OperatorSession | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const q = useQuery({ queryKey: sessionsKey, queryFn: () => adminApi.get<OperatorSession[]>('/api/admin/sessions'), staleTime: 0 });
  const rows = q.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  /** A write done (the dialog closed): say so with its audit entry, and read the lists again. */
  const done = (text: string, audit: AuditWrite | null) => {
    setNotice({ text, audit });
    void client.invalidateQueries({ queryKey: sessionsKey });
  };

  return (
    <Card
      title={t('security.sessions.title')}
      testId="sessions-card"
      actions={
        <Button
          small
          variant="danger"
          disabled={others === 0}
          onClick={() => {
            setNotice(null);
            setConfirmOthers(true);
          }}
          data-testid="revoke-others"
        >
          {t('security.sessions.revokeOthers')}
        </Button>
      }
    >
      {notice ? <NoticeNote notice={notice} /> : null}
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? (
        <Loading />
      ) : rows.length === 0 && !q.isError ? (
        <Empty>{t('security.sessions.none')}</Empty>
      ) : (
        <ul className="c-sessions" data-testid="sessions">
          {rows.map((s) => (
            <li key={s.id} className={s.current ? 'c-session is-current' : 'c-session'}>
              <div className="c-session__main">
                <div>
                  <span className="c-mono">#{s.id}</span> {s.current ? <Badge tone="info">{t('security.sessions.current')}</Badge> : null}
                </div>
                <SessionFacts s={s} t={t} />
              </div>
              {!s.current ? (
                <Button
                  small
                  variant="ghost"
                  onClick={() => {
                    setNotice(null);
                    setEnding(s);
                  }}
                >
                  {t('security.sessions.revoke')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {ending ? (
        <ReasonDialog
          title={t('security.sessions.revokeTitle', { id: ending.id })}
          intro={t('security.sessions.revokeIntro')}
          confirmLabel={t('security.sessions.revoke')}
          danger
          onClose={() => setEnding(null)}
          onSubmit={(reason) => adminApi.delete(`/api/admin/sessions/${encodeURIComponent(String(ending.id))}`, { reason })}
          onDone={(_, reason) => {
            setEnding(null);
            done(t('security.sessions.revoked'), auditWrite('operator.session_revoke', `admin_session:${ending.id}`, reason));
          }}
        />
      ) : null}
      {confirmOthers ? (
        <ReasonDialog
          title={t('security.sessions.revokeOthers')}
          intro={t('security.sessions.revokeOthersIntro', { n: others })}
          confirmLabel={t('security.sessions.revokeOthersConfirm', { n: others })}
          danger
          onClose={() => setConfirmOthers(false)}
          onSubmit={(reason) => adminApi.post<components['schemas']['Revoked']>('/api/admin/sessions/revoke-others', { reason })}
          onDone={(r, reason) => {
            setConfirmOthers(false);
            done(
              t('security.sessions.revokedOthers', { n: r?.revoked ?? others }),
              myId === undefined ? null : auditWrite('operator.sessions_revoke_others', `admin:${myId}`, reason),
            );
          }}
        />
      ) : null}
    </Card>
  );
}

function SessionFacts({ s, t }: { s: OperatorSession; t: CT }) {
  return (
    <div className="c-session__facts c-small c-muted">
      <span>{t('security.sessions.created', { time: fmtDateTime(s.createdAt) })}</span>
      <span data-testid="last-seen">{t('security.sessions.lastSeen', { time: fmtDateTime(s.lastSeenAt ?? s.createdAt) })}</span>
      <span>{t('security.sessions.expires', { time: fmtDateTime(s.expiresAt) })}</span>
      {s.ip ? <span className="c-mono">{s.ip}</span> : null}
      {s.userAgent ? <span className="c-ellipsis" title={s.userAgent}>{s.userAgent}</span> : null}
    </div>
  );
}

/** Ended sessions with why, and expired ones, newest first. */
function PastSessionsCard() {
  const { t } = useCt();
  return (
    <Card title={t('security.history.title')} testId="past-sessions">
      <PagedRows<OperatorSession>
        queryKey={[...sessionsKey, 'history']}
        url="/api/admin/sessions/history"
        empty={t('security.history.none')}
        head={
          <tr>
            <th className="c-right">#</th>
            <th>{t('security.history.created')}</th>
            <th>{t('security.history.lastSeen')}</th>
            <th>{t('security.history.ended')}</th>
            <th>{t('security.history.why')}</th>
            <th>{t('security.history.ip')}</th>
            <th>{t('security.history.agent')}</th>
          </tr>
        }
        row={(s) => (
          <tr key={s.id} data-testid="past-session">
            <td className="c-right c-mono">{s.id}</td>
            <td className="c-mono c-small c-nowrap">{fmtDateTime(s.createdAt)}</td>
            <td className="c-mono c-small c-nowrap">{fmtDateTime(s.lastSeenAt ?? s.createdAt)}</td>
            <td className="c-mono c-small c-nowrap">{fmtDateTime(s.endedAt ?? s.expiresAt)}</td>
            <td>
              {s.state === 'ended' ? (
                <Badge tone="warn">{s.endReason ? t(keyFor('security.history.reasons.', s.endReason), { defaultValue: s.endReason }) : t('security.history.endedBadge')}</Badge>
              ) : (
                <Badge>{t('security.history.expired')}</Badge>
              )}
            </td>
            <td className="c-mono c-small">{s.ip || '—'}</td>
            <td className="c-small c-ellipsis" title={s.userAgent}>
              {s.userAgent || '—'}
            </td>
          </tr>
        )}
      />
    </Card>
  );
}
