// The user's activity on the user page: sessions and remembered devices
// (live ones, and ended ones kept with why they ended), the messages in their
// message centre, and the audit entries about them (their account, and
// reviews of their verifications, deposits and withdrawals).
import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '@/shared/api/schema';
import { fmtDateTime } from '../../format';
import { SortTh } from '../../layout/sort';
import { Badge } from '../../layout/ui';
import type { CT } from '../../layout/useCt';
import { actionName } from '../audit/action-name';
import { PagedRows } from './PagedRows';
import { keyFor } from '../../keys';

type UserSessionRow = components['schemas']['UserSessionRow'];
type UserMessageRow = components['schemas']['UserMessageRow'];
type AuditRow = components['schemas']['AuditRow'];

const SESSION_LISTS = ['all', 'active'] as const;
type SessionList = (typeof SESSION_LISTS)[number];

export function Sessions({ userId, t }: { userId: number; t: CT }) {
  const [list, setList] = useState<SessionList>('all');
  return (
    <div data-testid="user-sessions">
      <div className="c-tabs" role="tablist" aria-label={t('users.sessions.show')}>
        {SESSION_LISTS.map((l) => (
          <button key={l} type="button" role="tab" aria-selected={list === l} className={list === l ? 'c-tab is-active' : 'c-tab'} onClick={() => setList(l)}>
            {t(keyFor('users.sessions.lists.', l))}
          </button>
        ))}
      </div>
      <PagedRows<UserSessionRow>
        key={list}
        queryKey={['console', 'user-sessions', userId, list]}
        url={`/api/admin/users/${userId}/sessions`}
        params={{ state: list }}
        empty={t(list === 'active' ? 'users.sessions.noneActive' : 'users.sessions.none')}
        head={
          <tr>
            <th>{t('users.sessions.kind')}</th>
            <th>{t('users.sessions.device')}</th>
            <th>{t('users.sessions.created')}</th>
            <th>{t('users.sessions.lastSeen')}</th>
            <th>{t('users.col.status')}</th>
          </tr>
        }
        row={(s) => (
          <tr key={s.id} data-testid="session-row">
            <td>{t(keyFor('users.sessions.kinds.', s.kind), { defaultValue: s.kind })}</td>
            <td>
              <div className="c-mono">{s.ip || '—'}</div>
              <div className="c-small c-muted c-break">{s.userAgent || '—'}</div>
            </td>
            <td className="c-mono c-small">
              <Stamp at={s.createTime} />
            </td>
            <td className="c-mono c-small">
              <Stamp at={s.lastSeenTime ?? s.createTime} />
            </td>
            <td>
              <SessionState s={s} t={t} />
            </td>
          </tr>
        )}
      />
    </div>
  );
}

/** A time that wraps, in a narrow column, only between the date and the time of day. */
function Stamp({ at }: { at: string | null | undefined }) {
  const [day, time] = fmtDateTime(at).split(' ');
  return (
    <>
      <span className="c-nowrap">{day}</span> {time ? <span className="c-nowrap">{time}</span> : null}
    </>
  );
}

/** Active until it expires; expired; or ended, with why and when. */
function SessionState({ s, t }: { s: UserSessionRow; t: CT }) {
  const state = s.state ?? (s.active ? 'active' : 'expired');
  if (state === 'ended') {
    return (
      <>
        <Badge tone="warn">{t('users.sessions.ended')}</Badge>
        <div className="c-small">{s.endReason ? t(keyFor('users.sessions.reasons.', s.endReason), { defaultValue: s.endReason }) : null}</div>
        <div className="c-small c-muted c-mono">
          <Stamp at={s.endTime} />
        </div>
      </>
    );
  }
  return (
    <>
      {state === 'active' ? <Badge tone="ok">{t('users.sessions.active')}</Badge> : <Badge>{t('users.sessions.expired')}</Badge>}
      <div className="c-small c-muted">
        {t(state === 'active' ? 'users.sessions.until' : 'users.sessions.expiredAt')}{' '}
        <span className="c-mono">
          <Stamp at={s.expireTime} />
        </span>
      </div>
    </>
  );
}

export function Messages({ userId, t }: { userId: number; t: CT }) {
  return (
    <PagedRows<UserMessageRow>
      testId="user-messages"
      queryKey={['console', 'user-messages', userId]}
      url={`/api/admin/users/${userId}/messages`}
      empty={t('users.messages.none')}
      defaultSort={{ orderBy: 'createTime', order: 'desc' }}
      head={(s) => (
        <tr>
          <SortTh column="title" {...s}>
            {t('users.messages.title')}
          </SortTh>
          <th>{t('users.messages.summary')}</th>
          <SortTh column="createTime" first="desc" {...s}>
            {t('users.messages.sent')}
          </SortTh>
          <SortTh column="readTime" first="desc" {...s}>
            {t('users.messages.read')}
          </SortTh>
        </tr>
      )}
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
        defaultSort={{ orderBy: 'createTime', order: 'desc' }}
        head={(s) => (
          <tr>
            <SortTh column="id" first="desc" className="c-right" {...s}>
              #
            </SortTh>
            <SortTh column="createTime" first="desc" {...s}>
              {t('users.audit.time')}
            </SortTh>
            <SortTh column="actorName" {...s}>
              {t('users.audit.operator')}
            </SortTh>
            <SortTh column="action" {...s}>
              {t('users.audit.action')}
            </SortTh>
            <SortTh column="target" {...s}>
              {t('users.audit.target')}
            </SortTh>
            <th>{t('users.audit.reason')}</th>
          </tr>
        )}
        row={(a) => (
          <tr key={a.id} data-testid="user-audit-row">
            <td className="c-right c-mono">{a.id}</td>
            <td className="c-mono c-small c-nowrap">{fmtDateTime(a.createTime)}</td>
            <td>{a.actorName}</td>
            <td>
              <span title={a.action}>
                <Badge tone="info">{actionName(a.action, t)}</Badge>
              </span>
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
