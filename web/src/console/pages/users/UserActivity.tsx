// The user's activity on the user page: sessions and remembered devices,
// the messages in their message centre, and the audit entries about them
// (their account, and reviews of their verifications, deposits and
// withdrawals).
import { Link } from 'react-router';
import type { components } from '@/shared/api/schema';
import { fmtDateTime } from '../../format';
import { Badge } from '../../layout/ui';
import type { CT } from '../../layout/useCt';
import { PagedRows } from './PagedRows';

type UserSessionRow = components['schemas']['UserSessionRow'];
type UserMessageRow = components['schemas']['UserMessageRow'];
type AuditRow = components['schemas']['AuditRow'];

export function Sessions({ userId, t }: { userId: number; t: CT }) {
  return (
    <PagedRows<UserSessionRow>
      testId="user-sessions"
      queryKey={['console', 'user-sessions', userId]}
      url={`/api/admin/users/${userId}/sessions`}
      empty={t('users.sessions.none')}
      head={
        <tr>
          <th>{t('users.sessions.kind')}</th>
          <th>{t('users.sessions.ip')}</th>
          <th>{t('users.sessions.agent')}</th>
          <th>{t('users.sessions.created')}</th>
          <th>{t('users.sessions.expires')}</th>
          <th>{t('users.col.status')}</th>
        </tr>
      }
      row={(s) => (
        <tr key={s.id}>
          <td>{t(`users.sessions.kinds.${s.kind}`, { defaultValue: s.kind })}</td>
          <td className="c-mono">{s.ip || '—'}</td>
          <td className="c-small c-break">{s.userAgent || '—'}</td>
          <td className="c-mono c-small">{fmtDateTime(s.createTime)}</td>
          <td className="c-mono c-small">{fmtDateTime(s.expireTime)}</td>
          <td>{s.active ? <Badge tone="ok">{t('users.sessions.active')}</Badge> : <Badge>{t('users.sessions.expired')}</Badge>}</td>
        </tr>
      )}
    />
  );
}

export function Messages({ userId, t }: { userId: number; t: CT }) {
  return (
    <PagedRows<UserMessageRow>
      testId="user-messages"
      queryKey={['console', 'user-messages', userId]}
      url={`/api/admin/users/${userId}/messages`}
      empty={t('users.messages.none')}
      head={
        <tr>
          <th>{t('users.messages.title')}</th>
          <th>{t('users.messages.summary')}</th>
          <th>{t('users.messages.sent')}</th>
          <th>{t('users.messages.read')}</th>
        </tr>
      }
      row={(m) => (
        <tr key={m.id}>
          <td>{m.title}</td>
          <td className="c-small c-muted">{m.summary}</td>
          <td className="c-mono c-small">{fmtDateTime(m.createTime)}</td>
          <td className="c-mono c-small">{m.readTime ? fmtDateTime(m.readTime) : <Badge tone="warn">{t('users.messages.unread')}</Badge>}</td>
        </tr>
      )}
    />
  );
}

export function AuditAbout({ userId, t }: { userId: number; t: CT }) {
  return (
    <>
      <PagedRows<AuditRow>
        testId="user-audit"
        queryKey={['console', 'user-audit', userId]}
        url={`/api/admin/users/${userId}/audit`}
        empty={t('users.audit.none')}
        head={
          <tr>
            <th className="c-right">#</th>
            <th>{t('users.audit.time')}</th>
            <th>{t('users.audit.operator')}</th>
            <th>{t('users.audit.action')}</th>
            <th>{t('users.audit.target')}</th>
            <th>{t('users.audit.reason')}</th>
          </tr>
        }
        row={(a) => (
          <tr key={a.id} data-testid="user-audit-row">
            <td className="c-right c-mono">{a.id}</td>
            <td className="c-mono c-small c-nowrap">{fmtDateTime(a.createTime)}</td>
            <td>{a.actorName}</td>
            <td>
              <Badge tone="info">{a.action}</Badge>
            </td>
            <td className="c-mono c-small">
              <Link to={`/audit?target=${encodeURIComponent(a.target)}`}>{a.target}</Link>
            </td>
            <td className="c-reason">{a.reason}</td>
          </tr>
        )}
      />
      <div className="c-card__foot">
        <Link to={`/audit?target=user:${userId}`}>{t('users.audit.open')}</Link>
      </div>
    </>
  );
}
