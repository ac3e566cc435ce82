// The audit entry a write made, shown after the write: "Audit entry #41 at
// … — open in the audit log". Every operator write records its entry in the
// transaction of its change (crates/platform/src/audit.rs), so once the write
// has answered, the newest entry with the write's action and target by the
// signed-in operator (and the reason typed) is the one it made. One call finds
// it: GET /api/admin/audit filtered by exact action, target and operator
// (crates/account/src/routes/admin/audit.rs), newest first. An operator
// whose role cannot read the audit log is told the write was recorded.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { components } from '@/shared/api/schema';
import { adminApi, AdminApiError, type AdminPage } from '../api';
import { CODES } from '../codes';
import { fmtDateTime } from '../format';
import { useOperator } from '../session';
import { errorText } from './errors';
import { useMe } from './me';
import { Spinner } from './ui';
import { useCt } from './useCt';
import css from './AuditMade.module.css';

export type AuditRow = components['schemas']['AuditRow'];

/** A write as the audit log records it. */
export interface AuditWrite {
  /** Exact action, `area.verb`: `deposit.confirm`. */
  action: string;
  /** Exact target, `kind:id`: `deposit:7`. */
  target: string;
  /**
   * The reason the operator gave. Left out for a write whose reason the
   * server words itself (signing out of one's own session without one).
   */
  reason?: string;
  /** Tells two writes of the same action, target and reason apart; set by `auditWrite`. */
  seq?: number;
}

/** Entries read to find the one a write made: its own is the newest of them. */
export const AUDIT_MADE_PAGE_SIZE = 5;

let writes = 0;

/** The write just made, to keep in state until its note is dismissed (each call is a new write). */
export function auditWrite(action: string, target: string, reason?: string): AuditWrite {
  writes += 1;
  return { action, target, reason: reason?.trim(), seq: writes };
}

/** Whether the log's target filter takes `target`: `kind:id`, as the server checks it (parse_target). */
export function filterableTarget(target: string): boolean {
  const colon = target.indexOf(':');
  return target.length <= 200 && !/\s/.test(target) && colon > 0 && /^[a-z_]+$/.test(target.slice(0, colon)) && colon < target.length - 1;
}

/** Operator names as the server takes them in the operator filter (parse_operator). */
const OPERATOR_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The audit log filtered to the write's action and target. */
export function auditHref(w: Pick<AuditWrite, 'action' | 'target'>): string {
  const p = new URLSearchParams({ action: w.action });
  if (filterableTarget(w.target)) p.set('target', w.target);
  return `/audit?${p.toString()}`;
}

type Get = <T>(url: string, params?: object) => Promise<T>;

/**
 * The newest entry of `w` made by `operator` (null: anyone), or null when the
 * log has none yet. A target the filter does not take (entries written before
 * every target was `kind:id`, such as the sign-in calendar's old
 * `welfare_calendar`) is matched here among the action's newest entries.
 */
export async function findAuditEntry<R extends AuditRow = AuditRow>(w: AuditWrite, operator: string | null, get: Get = adminApi.get): Promise<R | null> {
  const params: Record<string, string | number> = { action: w.action };
  if (filterableTarget(w.target)) params.target = w.target;
  const name = operator && OPERATOR_NAME.test(operator) ? operator.toLowerCase() : null;
  if (name) params.operator = name;
  params.pageNum = 1;
  params.pageSize = AUDIT_MADE_PAGE_SIZE;
  const page = await get<AdminPage<R>>('/api/admin/audit', params);
  const reason = w.reason?.trim();
  return (
    page.rows.find(
      (r) => r.action === w.action && r.target === w.target && (reason === undefined || r.reason === reason) && (!name || r.actorName.toLowerCase() === name),
    ) ?? null
  );
}

export type AuditMadeState =
  | { status: 'hidden' }
  | { status: 'pending' }
  | { status: 'found'; entry: AuditRow }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

/** Finds the entry `w` made (null: no write); `retry` asks again. */
export function useAuditMade(w: AuditWrite | null): AuditMadeState & { retry: () => void; busy: boolean } {
  const me = useMe();
  const signedInAs = useOperator((s) => s.username);
  const operator = me.data?.username || signedInAs || null;
  // As the menu decides (useCan); when /me could not be read, the server decides (a refusal hides the entry).
  const may = me.data ? me.data.permissions.includes('readAudit') : me.isError;
  const q = useQuery({
    queryKey: ['console', 'audit-made', w?.action, w?.target, w?.reason ?? null, w?.seq ?? null, operator],
    queryFn: () => findAuditEntry(w!, operator),
    enabled: !!w && may,
    retry: false,
    staleTime: Infinity,
  });
  const retry = () => void q.refetch();
  const busy = q.isFetching;
  if (me.isFetching && !me.data) return { status: 'pending', retry, busy };
  if (!may || (q.error instanceof AdminApiError && q.error.code === CODES.forbidden)) return { status: 'hidden', retry, busy };
  if (q.isError) return { status: 'error', error: q.error, retry, busy };
  if (q.isPending) return { status: 'pending', retry, busy };
  return q.data ? { status: 'found', entry: q.data, retry, busy } : { status: 'missing', retry, busy };
}

/** The audit entry `write` made, or why it is not shown: a line to put in the write's success note. */
export function AuditMade({ write }: { write: AuditWrite }) {
  const { t } = useCt();
  const s = useAuditMade(write);
  const retry = (
    <button type="button" className={css.retry} onClick={s.retry} disabled={s.busy} data-testid="audit-made-retry">
      {t('shell.retry')}
    </button>
  );
  return (
    <span className={css.made} data-testid="audit-made" data-state={s.status}>
      {s.status === 'found' ? (
        <>
          <span>{t('shell.auditMade.entry', { id: s.entry.id, time: fmtDateTime(s.entry.createTime) })}</span>
          <span aria-hidden> — </span>
          <Link to={auditHref(write)} data-testid="audit-made-link">
            {t('shell.auditMade.open')}
          </Link>
        </>
      ) : s.status === 'pending' ? (
        <span className={css.muted}>
          <Spinner small label={t('shell.auditMade.pending')} /> {t('shell.auditMade.pending')}
        </span>
      ) : s.status === 'missing' ? (
        <span className={css.muted}>
          {t('shell.auditMade.missing')} {retry}
        </span>
      ) : s.status === 'error' ? (
        <span className={css.muted}>
          {t('shell.auditMade.error', { error: errorText(s.error, t) })} {retry}
        </span>
      ) : (
        <span className={css.muted}>{t('shell.auditMade.hidden')}</span>
      )}
    </span>
  );
}
