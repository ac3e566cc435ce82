// One user, as far as the operator API tells: the account, verification
// with its documents, withdraw addresses; for fund reviewers the balances
// with their holds, trading, ledger postings, deposit claims and
// withdrawals; sessions and messages; the audit entries about the user (for
// audit readers); freeze or unfreeze with a reason, and a message to the
// user, each with the audit entry it made (layout/AuditMade); whether failed
// sign-ins restrict the user, and for owners lifting that with a reason.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { components } from '@/shared/api/schema';
import { adminApi, type AdminPage } from '../../api';
import { fmtDateTime, fmtNumber } from '../../format';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { useCan, useMe } from '../../layout/me';
import { Badge, Button, Card, Empty, ErrorNote, KeyValues, Loading, PageHead, Pager, ReasonDialog } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { AuditAbout, Messages, Sessions } from './UserActivity';
import { Balances, Postings } from './UserMoney';
import { KycBadge, UserStatus } from './UsersPage';
import { Trading } from './UserTrading';
import { keyFor } from '../../keys';

type UserDetail = components['schemas']['UserDetail'];
type KycRow = components['schemas']['KycRow'];
type FileRef = components['schemas']['FileRef'];
type AdminDeposit = components['schemas']['AdminDeposit'];
type AdminWithdrawal = components['schemas']['AdminWithdrawal'];
type SignInStanding = components['schemas']['SignInStanding'];

/** A freeze, unfreeze or sign-in unlock just made, and its audit entry. */
interface Made {
  kind: 'freeze' | 'unfreeze' | 'unlockSignIn';
  audit: AuditWrite;
}

const MADE_TEXT = { freeze: 'users.freeze.done', unfreeze: 'users.unfreeze.done', unlockSignIn: 'users.unlockSignIn.done' } as const;

export function UserPage() {
  const { t, lang } = useCt();
  const { id = '' } = useParams();
  const can = useCan();
  const owner = useMe().data?.role === 'owner';
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'freeze' | 'unfreeze' | 'unlockSignIn' | 'message' | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [sent, setSent] = useState<{ id: number; audit: AuditWrite } | null>(null);
  const q = useQuery({
    queryKey: ['console', 'user', id],
    queryFn: () => adminApi.get<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}`),
  });

  if (q.isPending) return <Loading />;
  if (q.isError)
    return (
      <div className="c-page">
        <PageHead title={t('users.detail.title', { id })} />
        <ErrorNote error={q.error} onRetry={() => void q.refetch()} />
        <Link to="/users">{t('users.detail.back')}</Link>
      </div>
    );

  const { user, withdrawAddresses, kycSubmissions } = q.data;
  // Absent from a server before decision 0011's slowdown.
  const signIn: SignInStanding | undefined = q.data.signIn;
  const frozen = user.status === 'frozen';

  const afterStatusChange = async (kind: 'freeze' | 'unfreeze', reason: string) => {
    setDialog(null);
    void client.invalidateQueries({ queryKey: ['console', 'users'] });
    void client.invalidateQueries({ queryKey: ['console', 'user-sessions', user.id] });
    void client.invalidateQueries({ queryKey: ['console', 'user-audit', user.id] });
    await q.refetch();
    // crates/account/src/freezes.rs: user.freeze / user.unfreeze on user:<id>.
    setMade({ kind, audit: auditWrite(`user.${kind}`, `user:${user.id}`, reason) });
  };

  const afterSignInUnlock = async (reason: string) => {
    setDialog(null);
    void client.invalidateQueries({ queryKey: ['console', 'user-audit', user.id] });
    await q.refetch();
    // crates/account/src/sign_in_locks.rs: user.sign_in_unlock on user:<id>.
    setMade({ kind: 'unlockSignIn', audit: auditWrite('user.sign_in_unlock', `user:${user.id}`, reason) });
  };

  return (
    <div className="c-page" data-testid="user-page">
      <div className="c-crumbs">
        <Link to="/users">{t('users.title')}</Link> <span aria-hidden>/</span> <span>#{user.id}</span>
      </div>
      <PageHead
        title={
          <>
            {user.username ?? user.email ?? user.phone ?? t('users.detail.title', { id: user.id })} <UserStatus status={user.status} t={t} />
          </>
        }
        sub={t('users.detail.sub', { id: user.id, time: fmtDateTime(user.createTime) })}
        actions={
          <>
            {owner && signIn?.restricted ? (
              <Button onClick={() => setDialog('unlockSignIn')} data-testid="unlock-sign-in">
                {t('users.unlockSignIn.open')}
              </Button>
            ) : null}
            {can('sendMessages') ? (
              <Button onClick={() => setDialog('message')} data-testid="send-message">
                {t('users.message.open')}
              </Button>
            ) : null}
            {can('freezeUsers') ? (
              frozen ? (
                <Button variant="primary" onClick={() => setDialog('unfreeze')} data-testid="unfreeze">
                  {t('users.unfreeze.open')}
                </Button>
              ) : (
                <Button variant="danger" onClick={() => setDialog('freeze')} data-testid="freeze">
                  {t('users.freeze.open')}
                </Button>
              )
            ) : null}
          </>
        }
      />
      {made ? (
        <div className="c-note c-note--ok" data-testid="freeze-made">
          <span>{t(MADE_TEXT[made.kind])}</span> <AuditMade write={made.audit} />
          <button type="button" className="c-note__close" onClick={() => setMade(null)} aria-label={t('shell.close')}>
            ×
          </button>
        </div>
      ) : null}
      {sent !== null ? (
        <div className="c-note c-note--ok" data-testid="message-sent">
          {t('users.message.done', { id: sent.id })} <AuditMade write={sent.audit} />
          <button type="button" className="c-note__close" onClick={() => setSent(null)} aria-label={t('shell.close')}>
            ×
          </button>
        </div>
      ) : null}

      <div className="c-grid2">
        <Card title={t('users.detail.account')}>
          <KeyValues
            items={[
              [t('users.col.id'), <span className="c-mono">{user.id}</span>],
              [t('users.col.account'), user.username ?? '—'],
              [t('users.col.email'), user.email ?? '—'],
              [t('users.col.phone'), user.phone ?? '—'],
              [t('users.col.status'), <UserStatus status={user.status} t={t} />],
              ...(frozen ? ([[t('users.detail.frozenReason'), user.frozenReason ?? '—']] as [ReactNode, ReactNode][]) : []),
              ...(signIn ? ([[t('users.signIn.label'), <SignIn standing={signIn} t={t} />]] as [ReactNode, ReactNode][]) : []),
              [t('users.col.credits'), <span className="c-num">{fmtNumber(user.credits, lang)}</span>],
              [t('users.detail.invite'), <span className="c-mono">{user.inviteCode}</span>],
              [t('users.detail.parent'), user.parentId ? <Link to={`/users/${user.parentId}`}>#{user.parentId}</Link> : '—'],
              [t('users.col.ip'), <span className="c-mono">{user.registerIp || '—'}</span>],
              [t('users.col.registered'), <span className="c-mono">{fmtDateTime(user.createTime)}</span>],
            ]}
          />
        </Card>
        <Card title={t('users.detail.verification')}>
          <KeyValues
            items={[
              [t('users.kyc.primary'), <KycBadge status={user.kyc.primary} t={t} />],
              [t('users.kyc.advanced'), <KycBadge status={user.kyc.advanced} t={t} />],
            ]}
          />
          <h3 className="c-subsection__title">{t('users.detail.addresses')}</h3>
          {withdrawAddresses.length === 0 ? (
            <Empty>{t('users.detail.noAddresses')}</Empty>
          ) : (
            <div className="c-table-wrap">
              <table className="c-table">
                <thead>
                  <tr>
                    <th>{t('users.detail.network')}</th>
                    <th>{t('users.detail.address')}</th>
                    <th>{t('users.detail.added')}</th>
                  </tr>
                </thead>
                <tbody>
                  {withdrawAddresses.map((a) => (
                    <tr key={a.id}>
                      <td>{a.type}</td>
                      <td className="c-mono c-break">{a.address}</td>
                      <td className="c-mono c-small">{fmtDateTime(a.createTime)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>

      <Card title={t('users.detail.submissions')}>
        <Submissions rows={kycSubmissions} t={t} mayView={can('reviewKyc')} />
      </Card>

      {can('reviewFunds') ? (
        <>
          <Card title={t('users.detail.balances')}>
            <Balances userId={user.id} t={t} lang={lang} />
          </Card>
          <Card title={t('users.detail.trading')}>
            <Trading userId={user.id} t={t} lang={lang} />
          </Card>
          <Card title={t('users.detail.postings')}>
            <Postings userId={user.id} t={t} lang={lang} />
          </Card>
          <div className="c-grid2">
            <Card title={t('users.detail.deposits')}>
              <Funds kind="deposits" userId={user.id} t={t} lang={lang} />
            </Card>
            <Card title={t('users.detail.withdrawals')}>
              <Funds kind="withdrawals" userId={user.id} t={t} lang={lang} />
            </Card>
          </div>
        </>
      ) : (
        <p className="c-muted c-small" data-testid="funds-hidden">
          {t('users.detail.fundsHidden')}
        </p>
      )}

      <div className="c-grid2">
        <Card title={t('users.detail.sessions')}>
          <Sessions userId={user.id} t={t} />
        </Card>
        <Card title={t('users.detail.messages')}>
          <Messages userId={user.id} t={t} />
        </Card>
      </div>

      {can('readAudit') ? (
        <Card title={t('users.detail.audit')}>
          <AuditAbout userId={user.id} t={t} />
        </Card>
      ) : null}

      {dialog === 'freeze' || dialog === 'unfreeze' ? (
        <ReasonDialog
          title={dialog === 'freeze' ? t('users.freeze.title', { id: user.id }) : t('users.unfreeze.title', { id: user.id })}
          intro={dialog === 'freeze' ? t('users.freeze.intro') : t('users.unfreeze.intro', { reason: user.frozenReason ?? '—' })}
          confirmLabel={dialog === 'freeze' ? t('users.freeze.confirm') : t('users.unfreeze.confirm')}
          danger={dialog === 'freeze'}
          onSubmit={(reason) => adminApi.post<null>(`/api/admin/users/${user.id}/${dialog}`, { reason })}
          onClose={() => setDialog(null)}
          onDone={(_, reason) => void afterStatusChange(dialog, reason)}
        />
      ) : null}
      {dialog === 'unlockSignIn' ? (
        <ReasonDialog
          title={t('users.unlockSignIn.title', { id: user.id })}
          intro={t('users.unlockSignIn.intro')}
          confirmLabel={t('users.unlockSignIn.confirm')}
          onSubmit={(reason) => adminApi.post<null>(`/api/admin/users/${user.id}/unlockSignIn`, { reason })}
          onClose={() => setDialog(null)}
          onDone={(_, reason) => void afterSignInUnlock(reason)}
        />
      ) : null}
      {dialog === 'message' ? (
        <MessageDialog
          userId={user.id}
          onClose={() => setDialog(null)}
          onSent={(messageId, reason) => {
            setDialog(null);
            // crates/content/src/editing.rs: message.send on user:<id>.
            setSent({ id: messageId, audit: auditWrite('message.send', `user:${user.id}`, reason) });
          }}
        />
      ) : null}
    </div>
  );
}

/** What failed sign-ins put on the user (decision 0011-lockout). */
function SignIn({ standing, t }: { standing: SignInStanding; t: CT }) {
  if (!standing.restricted) return <span data-testid="sign-in-standing">{t('users.signIn.normal')}</span>;
  return (
    <span data-testid="sign-in-standing">
      {standing.slowedUntil ? <Badge tone="warn">{t('users.signIn.slowed', { time: fmtDateTime(standing.slowedUntil) })}</Badge> : null}{' '}
      <span className="c-small">{t('users.signIn.failures', { failures: standing.failures, paused: standing.pausedAddresses })}</span>
    </span>
  );
}

function Submissions({ rows, t, mayView }: { rows: KycRow[]; t: CT; mayView: boolean }) {
  if (rows.length === 0) return <Empty>{t('users.detail.noSubmissions')}</Empty>;
  return (
    <div className="c-table-wrap">
      <table className="c-table">
        <thead>
          <tr>
            <th>{t('users.kyc.tier')}</th>
            <th>{t('users.kyc.name')}</th>
            <th>{t('users.kyc.idNumber')}</th>
            <th>{t('users.kyc.country')}</th>
            <th>{t('users.col.status')}</th>
            <th>{t('users.kyc.reason')}</th>
            <th>{t('users.kyc.files')}</th>
            <th>{t('users.kyc.submitted')}</th>
            <th>{t('users.kyc.reviewed')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((k) => (
            <tr key={k.id}>
              <td>{k.tier === 1 ? t('users.kyc.primary') : t('users.kyc.advanced')}</td>
              <td>{k.realName}</td>
              <td className="c-mono">{k.idNumber}</td>
              <td>{k.country}</td>
              <td>
                <KycBadge status={k.status} t={t} />
              </td>
              <td className="c-small">{k.reason ?? '—'}</td>
              <td>
                <span className="c-row c-row--tight">
                  {(
                    [
                      ['front', k.frontFile],
                      ['back', k.backFile],
                      ['hand', k.handFile],
                    ] as const
                  ).map(([name, f]) => (f ? <FileButton key={name} file={f} label={t(keyFor('users.kyc.file.', name))} disabled={!mayView} t={t} /> : null))}
                </span>
              </td>
              <td className="c-mono c-small">{fmtDateTime(k.createTime)}</td>
              <td className="c-mono c-small">{k.reviewedAt ? fmtDateTime(k.reviewedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Opens an uploaded document through a five-minute signed link. */
function FileButton({ file, label, disabled, t }: { file: FileRef; label: string; disabled: boolean; t: CT }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Open the tab now, while the click counts: a tab opened after the await would be blocked.
    const tab = window.open('', '_blank');
    setBusy(true);
    setError(null);
    try {
      const link = await adminApi.get<components['schemas']['FileLinkView']>(`/api/admin/file/${encodeURIComponent(file.id)}/link`);
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      } else window.location.assign(link.url);
    } catch (e) {
      tab?.close();
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button small variant="ghost" onClick={() => void open()} busy={busy} disabled={disabled} title={disabled ? t('users.kyc.fileNeedsKyc') : undefined}>
        {label}
      </Button>
      {error ? <ErrorNote error={error} /> : null}
    </>
  );
}

const FUND_STATUSES = {
  deposits: ['pending', 'confirmed', 'rejected'],
  withdrawals: ['pending', 'approved', 'rejected'],
} as const;

const FUND_TONE: Record<string, 'ok' | 'warn' | 'bad'> = { pending: 'warn', confirmed: 'ok', approved: 'ok', rejected: 'bad' };

/** The user's deposit claims or withdrawals in one status, paged on the server. */
function Funds({ kind, userId, t, lang }: { kind: 'deposits' | 'withdrawals'; userId: number; t: CT; lang: ConsoleLanguage }) {
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const size = 10;
  const q = useQuery({
    queryKey: ['console', 'user-funds', kind, userId, status, page],
    queryFn: () => adminApi.get<AdminPage<AdminDeposit | AdminWithdrawal>>(`/api/admin/${kind}`, { userId, status, pageNum: page, pageSize: size }),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.rows ?? [];
  return (
    <>
      <div className="c-tabs" role="tablist">
        {FUND_STATUSES[kind].map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? 'c-tab is-active' : 'c-tab'}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(keyFor('users.funds.', s))}
          </button>
        ))}
      </div>
      {q.isError ? <ErrorNote error={q.error} /> : null}
      {q.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{t('users.funds.none')}</Empty>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th className="c-right">#</th>
                <th>{t('users.funds.coin')}</th>
                <th className="c-right">{t('users.funds.amount')}</th>
                <th>{t('users.col.status')}</th>
                <th>{t('users.funds.time')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="c-right c-mono">{r.id}</td>
                  <td className="c-coin">
                    {r.coin}
                    {r.network ? <span className="c-muted c-small"> · {r.network}</span> : null}
                  </td>
                  <td className="c-right c-num">{fmtNumber(r.amount, lang)}</td>
                  <td>
                    <Badge tone={FUND_TONE[r.status] ?? 'muted'}>{t(keyFor('users.funds.', r.status), { defaultValue: r.status })}</Badge>
                  </td>
                  <td className="c-mono c-small">{fmtDateTime(r.createTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && q.data.total > size ? <Pager page={page} pageSize={size} total={q.data.total} onPage={setPage} busy={q.isFetching} /> : null}
      <div className="c-card__foot">
        <Link to={`/queues/${kind}`}>{t('users.funds.queue')}</Link>
      </div>
    </>
  );
}

/** Plain text as the HTML the message centre shows: escaped, a paragraph per blank-line block. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${esc(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function MessageDialog({ userId, onClose, onSent }: { userId: number; onClose: () => void; onSent: (id: number, reason: string) => void }) {
  const { t } = useCt();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <ReasonDialog
      title={t('users.message.title', { id: userId })}
      intro={t('users.message.intro')}
      confirmLabel={t('users.message.send')}
      canSubmit={title.trim() !== '' && body.trim() !== ''}
      onSubmit={(reason) => adminApi.post<components['schemas']['Sent']>('/api/admin/messages', { userId, title: title.trim(), content: textToHtml(body), reason })}
      onClose={onClose}
      onDone={(sent, reason) => onSent(sent.id, reason)}
    >
      <div className="c-field">
        <label htmlFor="msg-title">{t('users.message.subject')}</label>
        <input id="msg-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} data-testid="message-title" />
      </div>
      <div className="c-field">
        <label htmlFor="msg-body">{t('users.message.body')}</label>
        <textarea id="msg-body" rows={6} value={body} onChange={(e) => setBody(e.target.value)} data-testid="message-body" />
      </div>
    </ReasonDialog>
  );
}
