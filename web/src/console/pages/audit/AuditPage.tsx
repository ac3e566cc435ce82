// The audit log: who did what, to what, when and why. The server filters by
// action, operator, target and time and pages; each entry opens to its before
// and after; the export writes every entry the same filters match as CSV.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { components } from '@/shared/api/schema';
import { adminApi, type AdminPage } from '../../api';
import { fmtDateTime } from '../../format';
import { readSort, sortParams, SortTh, writeSort, type SortState } from '../../layout/sort';
import { Badge, Button, Card, Empty, ErrorNote, Loading, PageHead, Pager, downloadText } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import { actionName } from './action-name';
import { auditCsv } from './csv';
import { auditDiff, leafText, type DiffLine } from './diff';

export type AuditRow = components['schemas']['AuditRow'];

export const AUDIT_PAGE_SIZE = 50;
/** Rows per request when exporting, and the most requests one export makes. */
const EXPORT_PAGE = 100;
const EXPORT_PAGES_MAX = 200;
/** The columns the server sorts the log by; its own order is newest first. */
const SORTS = ['id', 'createTime', 'actorName', 'action', 'target'] as const;
const NEWEST: SortState = { orderBy: 'createTime', order: 'desc' };

/** Actions the server records (free text is accepted too). */
export const KNOWN_ACTIONS = [
  'user.freeze',
  'user.unfreeze',
  'user.sign_in_unlock',
  'kyc.approve',
  'kyc.reject',
  'deposit.confirm',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'deposit_bonus_rule.create',
  'deposit_bonus_rule.update',
  'message.send',
  'content.create',
  'content.update',
  'content.delete',
  'setting.update',
  'catalogue.coin_create',
  'catalogue.coin_update',
  'catalogue.spot_create',
  'catalogue.spot_update',
  'catalogue.contract_create',
  'catalogue.contract_update',
  'contract.countries_blocked',
  'catalogue.option_create',
  'catalogue.option_update',
  'futures.terms_update',
  'option.period_create',
  'option.period_update',
  'second_contract.period_create',
  'second_contract.period_update',
  'earn.product_create',
  'earn.product_update',
  'earn.rate_publish',
  'earn.house_fund',
  'welfare.task_create',
  'welfare.task_update',
  'welfare.calendar_update',
  'welfare.condition_update',
  'copy.trader_approve',
  'copy.trader_reject',
  'audit.run',
  'operator.totp_enable',
  'operator.totp_disable',
  'operator.totp_enrol',
  'operator.totp_reset',
  'operator.recovery_codes_regenerate',
  'operator.session_revoke',
  'operator.sessions_revoke_others',
  'operator.sign_out',
];

/** The filters as the page's address keeps them (and the form edits them). */
export interface AuditFilters {
  action: string;
  /** An operator's name or id. */
  operator: string;
  /** `kind:id`, e.g. `user:12`. */
  target: string;
  /** datetime-local values (browser time). */
  from: string;
  to: string;
}

/** The query the server takes for `f`: blank fields left out, times as Unix ms ("to" inclusive of its minute). */
export function auditQuery(f: AuditFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of ['action', 'operator', 'target'] as const) if (f[k].trim()) out[k] = f[k].trim();
  const ms = (v: string) => (v ? new Date(v).getTime() : NaN);
  if (Number.isFinite(ms(f.from))) out.start = ms(f.from);
  if (Number.isFinite(ms(f.to))) out.end = ms(f.to) + 59_999;
  return out;
}

const EMPTY: AuditFilters = { action: '', operator: '', target: '', from: '', to: '' };

export function AuditPage() {
  const { t } = useCt();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const filters: AuditFilters = {
    action: params.get('action') ?? '',
    operator: params.get('operator') ?? '',
    target: params.get('target') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const sort = readSort(params, SORTS);
  const filterQuery = auditQuery(filters);
  const filtered = Object.keys(filterQuery).length > 0;
  const query = { ...filterQuery, ...sortParams(sort) };
  const [draft, setDraft] = useState(filters);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [exporting, setExporting] = useState<{ done: number; of: number } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exported, setExported] = useState<number | null>(null);

  const q = useQuery({
    queryKey: ['console', 'audit', query, page],
    queryFn: () => adminApi.get<AdminPage<AuditRow>>('/api/admin/audit', { ...query, pageNum: page, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const apply = (next: AuditFilters, nextPage = 1, nextSort: SortState | null = sort) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v.trim()) p.set(k, v.trim());
    writeSort(p, nextSort);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p);
    setOpen(new Set());
  };
  const sorting = { sort: sort ?? NEWEST, onSort: (next: SortState) => apply(filters, 1, next) };

  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const exportCsv = async () => {
    setExportError(null);
    setExported(null);
    const rows: AuditRow[] = [];
    try {
      let total = Infinity;
      for (let p = 1; (p - 1) * EXPORT_PAGE < total && p <= EXPORT_PAGES_MAX; p++) {
        const got = await adminApi.get<AdminPage<AuditRow>>('/api/admin/audit', { ...query, pageNum: p, pageSize: EXPORT_PAGE });
        total = got.total;
        setExporting({ done: Math.min(total, p * EXPORT_PAGE), of: total });
        rows.push(...got.rows);
        if (got.rows.length < EXPORT_PAGE) break;
      }
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      downloadText(`onyx-audit-${stamp}.csv`, auditCsv(rows), 'text/csv');
      setExported(rows.length);
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(null);
    }
  };

  const rows = q.data?.rows ?? [];

  return (
    <div className="c-page" data-testid="audit">
      <PageHead
        title={t('audit.title')}
        sub={t('audit.sub')}
        actions={
          <Button onClick={() => void exportCsv()} busy={!!exporting} data-testid="audit-export">
            {exporting ? t('audit.export.progress', exporting) : t('audit.export.button')}
          </Button>
        }
      />
      {exportError ? <ErrorNote error={exportError} /> : null}
      {exported !== null ? <div className="c-note c-note--ok">{t('audit.export.done', { n: exported })}</div> : null}
      <Card>
        <form
          className="c-filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        >
          <div className="c-field">
            <label htmlFor="f-action">{t('audit.filter.action')}</label>
            <input id="f-action" list="audit-actions" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} placeholder="user.freeze" data-testid="filter-action" />
            <datalist id="audit-actions">
              {KNOWN_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionName(a, t)}
                </option>
              ))}
            </datalist>
          </div>
          <div className="c-field">
            <label htmlFor="f-operator">{t('audit.filter.operator')}</label>
            <input id="f-operator" value={draft.operator} onChange={(e) => setDraft({ ...draft, operator: e.target.value })} placeholder={t('audit.filter.operatorHint')} data-testid="filter-operator" />
          </div>
          <div className="c-field">
            <label htmlFor="f-target">{t('audit.filter.target')}</label>
            <input id="f-target" value={draft.target} onChange={(e) => setDraft({ ...draft, target: e.target.value })} placeholder="user:12" data-testid="filter-target" />
          </div>
          <div className="c-field">
            <label htmlFor="f-from">{t('audit.filter.from')}</label>
            <input id="f-from" type="datetime-local" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} data-testid="filter-from" />
          </div>
          <div className="c-field">
            <label htmlFor="f-to">{t('audit.filter.to')}</label>
            <input id="f-to" type="datetime-local" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} data-testid="filter-to" />
          </div>
          <div className="c-filters__buttons">
            <Button type="submit" variant="primary">
              {t('audit.filter.apply')}
            </Button>
            {filtered ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(EMPTY);
                  apply(EMPTY);
                }}
              >
                {t('audit.filter.clear')}
              </Button>
            ) : null}
          </div>
        </form>
        <p className="c-small c-muted">{t('audit.filter.note')}</p>
      </Card>
      <Card>
        {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Empty>{filtered ? t('audit.noMatch') : t('audit.none')}</Empty>
        ) : (
          <div className="c-table-wrap">
            <table className="c-table c-table--hover" data-testid="audit-table">
              <thead>
                <tr>
                  <th className="c-narrow" />
                  <SortTh column="id" first="desc" className="c-right" {...sorting}>
                    #
                  </SortTh>
                  <SortTh column="createTime" first="desc" {...sorting}>
                    {t('audit.col.time')}
                  </SortTh>
                  <SortTh column="actorName" {...sorting}>
                    {t('audit.col.operator')}
                  </SortTh>
                  <SortTh column="action" {...sorting}>
                    {t('audit.col.action')}
                  </SortTh>
                  <SortTh column="target" {...sorting}>
                    {t('audit.col.target')}
                  </SortTh>
                  <th>{t('audit.col.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const isOpen = open.has(r.id);
                  return (
                    <Fragment key={r.id}>
                      <tr className={isOpen ? 'c-clickable is-open' : 'c-clickable'} onClick={() => toggle(r.id)} aria-expanded={isOpen} data-testid="audit-row">
                        <td className="c-narrow">
                          <span className={isOpen ? 'c-caret is-open' : 'c-caret'} aria-hidden>
                            ▸
                          </span>
                        </td>
                        <td className="c-right c-mono">{r.id}</td>
                        <td className="c-mono c-small c-nowrap">{fmtDateTime(r.createTime)}</td>
                        <td>
                          {r.actorName}
                          {r.actorKind !== 'admin' ? <span className="c-muted c-small"> ({r.actorKind})</span> : null}
                        </td>
                        <td>
                          <span title={t('audit.actionCode', { code: r.action })} data-testid="audit-action" data-code={r.action}>
                            <Badge tone="info">{actionName(r.action, t)}</Badge>
                          </span>
                        </td>
                        <td className="c-mono c-small">
                          <Target target={r.target} />
                        </td>
                        <td className="c-reason">{r.reason}</td>
                      </tr>
                      {isOpen ? (
                        <tr className="c-expanded">
                          <td colSpan={7}>
                            <DiffView detail={r.detail} t={t} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {q.data ? <Pager page={page} pageSize={AUDIT_PAGE_SIZE} total={q.data.total} onPage={(p) => apply(filters, p)} busy={q.isFetching} /> : null}
      </Card>
    </div>
  );
}

function Target({ target }: { target: string }) {
  const m = /^user:(\d+)$/.exec(target);
  if (m)
    return (
      <Link to={`/users/${m[1]}`} onClick={(e) => e.stopPropagation()}>
        {target}
      </Link>
    );
  return <>{target}</>;
}

const MARK: Record<DiffLine['kind'], string> = { changed: '~', added: '+', removed: '−', same: ' ', context: '·' };

export function DiffView({ detail, t }: { detail: unknown; t: CT }) {
  const [raw, setRaw] = useState(false);
  const [showSame, setShowSame] = useState(false);
  const lines = auditDiff(detail);
  const changed = lines.filter((l) => l.kind === 'changed' || l.kind === 'added' || l.kind === 'removed').length;
  const sameCount = lines.filter((l) => l.kind === 'same').length;
  const visible = lines.filter((l) => showSame || l.kind !== 'same');
  return (
    <div className="c-diff" data-testid="audit-diff">
      <div className="c-diff__bar">
        <span className="c-small c-muted">{changed ? t('audit.diff.changes', { n: changed }) : t('audit.diff.noChanges')}</span>
        {sameCount ? (
          <label className="c-check c-small">
            <input type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} />
            <span>{t('audit.diff.showSame', { n: sameCount })}</span>
          </label>
        ) : null}
        <button type="button" className="c-link c-small" onClick={() => setRaw(!raw)}>
          {raw ? t('audit.diff.table') : t('audit.diff.raw')}
        </button>
      </div>
      {raw ? (
        <pre className="c-json">{JSON.stringify(detail, null, 2)}</pre>
      ) : visible.length === 0 ? (
        <Empty>{t('audit.diff.empty')}</Empty>
      ) : (
        <table className="c-table c-table--diff">
          <thead>
            <tr>
              <th className="c-narrow" />
              <th>{t('audit.diff.field')}</th>
              <th>{t('audit.diff.before')}</th>
              <th>{t('audit.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((l, i) => (
              <tr key={`${l.path}-${i}`} className={`c-diff--${l.kind}`}>
                <td className="c-narrow c-mono">{MARK[l.kind]}</td>
                <td className="c-mono c-small">{l.path || '—'}</td>
                {l.kind === 'context' ? (
                  <td colSpan={2} className="c-mono c-small c-break">
                    {leafText(l.after)}
                  </td>
                ) : (
                  <>
                    <td className="c-mono c-small c-break c-diff__before">{l.kind === 'added' ? '' : leafText(l.before)}</td>
                    <td className="c-mono c-small c-break c-diff__after">{l.kind === 'removed' ? '' : leafText(l.after)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
