// My security: two-step sign-in (status, set up, new recovery codes, turn
// off for roles that may) and this operator's sessions (end one, or every
// one but this).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../api';
import { fmtDateTime } from '../../format';
import { meKey, useMe } from '../../layout/me';
import { Badge, Button, Card, Empty, ErrorNote, Loading, Modal, PageHead } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import { useOperator } from '../../session';
import { CodeField, RecoveryCodes, TotpEnrol, cleanCode, type RecoveryCodesReply } from '../signin/totp';

/** GET /api/admin/sessions (crates/account/src/routes/admin/auth/sessions.rs SessionRow). */
export interface OperatorSession {
  id: number;
  createdAt: string;
  expiresAt: string;
  current: boolean;
  /** "" for sessions opened before the server kept it. */
  ip?: string;
  userAgent?: string;
}

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
    </div>
  );
}

type Action = 'enrol' | 'regenerate' | 'disable';

function TotpCard() {
  const { t } = useCt();
  const me = useMe();
  const client = useQueryClient();
  const username = useOperator((s) => s.username) ?? '';
  const [action, setAction] = useState<Action | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (me.isPending) return <Card title={t('security.totp.title')}><Loading /></Card>;
  if (me.isError) return <Card title={t('security.totp.title')}><ErrorNote error={me.error} onRetry={() => void me.refetch()} /></Card>;
  const { totpEnabled, role } = me.data;
  const mayDisable = !TOTP_LOCKED_ROLES.includes(role) && !me.data.totpRequired;

  const refresh = () => void client.invalidateQueries({ queryKey: meKey });

  return (
    <Card title={t('security.totp.title')} testId="totp-card" actions={totpEnabled ? <Badge tone="ok">{t('security.totp.on')}</Badge> : <Badge tone="warn">{t('security.totp.off')}</Badge>}>
      {notice ? <div className="c-note c-note--ok">{notice}</div> : null}
      {codes ? (
        <RecoveryCodes
          codes={codes}
          username={username}
          doneLabel={t('security.totp.codesDone')}
          onDone={() => {
            setCodes(null);
            setNotice(t('security.totp.codesReplaced'));
          }}
        />
      ) : action === 'enrol' ? (
        <TotpEnrol
          username={username}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setNotice(t('security.totp.enabledNow'));
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
          onSubmit={async (code) => {
            const reply = await adminApi.post<RecoveryCodesReply>('/api/admin/totp/recovery-codes', { code });
            setAction(null);
            setNotice(null);
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
          onSubmit={async (code) => {
            await adminApi.post('/api/admin/totp/disable', { code });
            setAction(null);
            setNotice(t('security.totp.disabledNow'));
            refresh();
          }}
        />
      ) : null}
    </Card>
  );
}

/** Asks for a current code (or a recovery code) before a change to two-step sign-in. */
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
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useCt();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const c = cleanCode(code);
  const ready = recovery ? c.length >= 6 : /^\d{6}$/.test(c);
  const submit = async () => {
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(c);
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
        <ErrorNote error={error} />
      </form>
    </Modal>
  );
}

function SessionsCard() {
  const { t } = useCt();
  const client = useQueryClient();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const q = useQuery({ queryKey: sessionsKey, queryFn: () => adminApi.get<OperatorSession[]>('/api/admin/sessions'), staleTime: 0 });
  const rows = q.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  const run = async (key: string, call: () => Promise<unknown>, done: (reply: unknown) => string) => {
    setBusy(key);
    setError(null);
    setNotice(null);
    try {
      setNotice(done(await call()));
      await client.invalidateQueries({ queryKey: sessionsKey });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={t('security.sessions.title')}
      testId="sessions-card"
      actions={
        <Button small variant="danger" disabled={others === 0} busy={busy === 'others'} onClick={() => setConfirmOthers(true)} data-testid="revoke-others">
          {t('security.sessions.revokeOthers')}
        </Button>
      }
    >
      {notice ? <div className="c-note c-note--ok">{notice}</div> : null}
      <ErrorNote error={error} />
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
                  busy={busy === String(s.id)}
                  onClick={() => void run(String(s.id), () => adminApi.delete(`/api/admin/sessions/${encodeURIComponent(String(s.id))}`), () => t('security.sessions.revoked'))}
                >
                  {t('security.sessions.revoke')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {confirmOthers ? (
        <Modal
          title={t('security.sessions.revokeOthers')}
          onClose={() => setConfirmOthers(false)}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirmOthers(false)}>
                {t('shell.cancel')}
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setConfirmOthers(false);
                  void run('others', () => adminApi.post<{ revoked?: number }>('/api/admin/sessions/revoke-others'), (r) =>
                    t('security.sessions.revokedOthers', { n: (r as { revoked?: number } | null)?.revoked ?? others }),
                  );
                }}
              >
                {t('security.sessions.revokeOthersConfirm', { n: others })}
              </Button>
            </>
          }
        >
          <p>{t('security.sessions.revokeOthersIntro', { n: others })}</p>
        </Modal>
      ) : null}
    </Card>
  );
}

function SessionFacts({ s, t }: { s: OperatorSession; t: CT }) {
  return (
    <div className="c-session__facts c-small c-muted">
      <span>{t('security.sessions.created', { time: fmtDateTime(s.createdAt) })}</span>
      <span>{t('security.sessions.expires', { time: fmtDateTime(s.expiresAt) })}</span>
      {s.ip ? <span className="c-mono">{s.ip}</span> : null}
      {s.userAgent ? <span className="c-ellipsis" title={s.userAgent}>{s.userAgent}</span> : null}
    </div>
  );
}
