// Users: one search box (the server matches id, account name, email, phone
// or invite code), a status filter, and a table paged on the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { components } from '@/shared/api/schema';
import { adminApi, type AdminPage } from '../../api';
import { fmtDateTime, fmtNumber } from '../../format';
import { readSort, sortParams, SortTh, writeSort, type SortState } from '../../layout/sort';
import { Badge, Button, Card, Empty, ErrorNote, Loading, PageHead, Pager } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import { keyFor } from '../../keys';

export type UserRow = components['schemas']['UserRow'];

export const PAGE_SIZE = 20;
/** The columns the server sorts users by; its own order is newest (highest id) first. */
const SORTS = ['id', 'username', 'email', 'status', 'credits', 'createTime'] as const;
const NEWEST: SortState = { orderBy: 'id', order: 'desc' };

export function UsersPage() {
  const { t, lang } = useCt();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const sort = readSort(params, SORTS);
  const [draft, setDraft] = useState(keyword);

  const q = useQuery({
    queryKey: ['console', 'users', keyword, status, page, sort?.orderBy ?? null, sort?.order ?? null],
    queryFn: () =>
      adminApi.get<AdminPage<UserRow>>('/api/admin/users', {
        pageNum: page,
        pageSize: PAGE_SIZE,
        keyword: keyword || undefined,
        status: status || undefined,
        ...sortParams(sort),
      }),
    placeholderData: keepPreviousData,
  });

  const update = (next: { q?: string; status?: string; page?: number; sort?: SortState }) => {
    const p = new URLSearchParams(params);
    const set = (k: string, v: string | undefined) => (v ? p.set(k, v) : p.delete(k));
    if (next.q !== undefined) set('q', next.q.trim());
    if (next.status !== undefined) set('status', next.status);
    if (next.sort !== undefined) writeSort(p, next.sort);
    set('page', next.page && next.page > 1 ? String(next.page) : undefined);
    setParams(p);
  };
  const sorting = { sort: sort ?? NEWEST, onSort: (next: SortState) => update({ sort: next, page: 1 }) };

  const rows = q.data?.rows ?? [];
  return (
    <div className="c-page" data-testid="users">
      <PageHead title={t('users.title')} sub={t('users.sub')} />
      <Card>
        <form
          className="c-filters"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: draft, page: 1 });
          }}
        >
          <div className="c-field c-field--grow">
            <label htmlFor="user-search">{t('users.search.label')}</label>
            <input id="user-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('users.search.placeholder')} data-testid="user-search" />
          </div>
          <div className="c-field">
            <label htmlFor="user-status">{t('users.status.label')}</label>
            <select id="user-status" value={status} onChange={(e) => update({ status: e.target.value, page: 1 })}>
              <option value="">{t('users.status.all')}</option>
              <option value="active">{t('users.status.active')}</option>
              <option value="frozen">{t('users.status.frozen')}</option>
            </select>
          </div>
          <div className="c-filters__buttons">
            <Button type="submit" variant="primary">
              {t('users.search.submit')}
            </Button>
            {keyword || status ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft('');
                  setParams(writeSort(new URLSearchParams(), sort));
                }}
              >
                {t('users.search.clear')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <Card>
        {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Empty>{keyword || status ? t('users.noMatch') : t('users.none')}</Empty>
        ) : (
          <div className="c-table-wrap">
            <table className="c-table c-table--hover" data-testid="users-table">
              <thead>
                <tr>
                  <SortTh column="id" first="desc" className="c-right" {...sorting}>
                    {t('users.col.id')}
                  </SortTh>
                  <SortTh column="username" {...sorting}>
                    {t('users.col.account')}
                  </SortTh>
                  <SortTh column="email" {...sorting}>
                    {t('users.col.email')}
                  </SortTh>
                  <th>{t('users.col.phone')}</th>
                  <SortTh column="status" {...sorting}>
                    {t('users.col.status')}
                  </SortTh>
                  <th>{t('users.col.kyc')}</th>
                  <SortTh column="credits" first="desc" className="c-right" {...sorting}>
                    {t('users.col.credits')}
                  </SortTh>
                  <SortTh column="createTime" first="desc" {...sorting}>
                    {t('users.col.registered')}
                  </SortTh>
                  <th>{t('users.col.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((u) => (
                  <tr key={u.id} onClick={() => navigate(`/users/${u.id}`)} className="c-clickable">
                    <td className="c-right c-mono">
                      <Link to={`/users/${u.id}`} onClick={(e) => e.stopPropagation()}>
                        {u.id}
                      </Link>
                    </td>
                    <td>{u.username ?? <span className="c-muted">—</span>}</td>
                    <td className="c-ellipsis">{u.email ?? <span className="c-muted">—</span>}</td>
                    <td>{u.phone ?? <span className="c-muted">—</span>}</td>
                    <td>
                      <UserStatus status={u.status} t={t} />
                    </td>
                    <td>
                      <KycPair primary={u.kyc.primary} advanced={u.kyc.advanced} t={t} />
                    </td>
                    <td className="c-right c-num">{fmtNumber(u.credits, lang)}</td>
                    <td className="c-mono c-small">{fmtDateTime(u.createTime)}</td>
                    <td className="c-mono c-small">{u.registerIp || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {q.data ? <Pager page={page} pageSize={PAGE_SIZE} total={q.data.total} onPage={(p) => update({ page: p })} busy={q.isFetching} /> : null}
      </Card>
    </div>
  );
}

export function UserStatus({ status, t }: { status: string; t: CT }) {
  return status === 'frozen' ? <Badge tone="bad">{t('users.status.frozen')}</Badge> : status === 'active' ? <Badge tone="ok">{t('users.status.active')}</Badge> : <Badge>{status}</Badge>;
}

const KYC_TONE: Record<string, 'ok' | 'warn' | 'bad' | 'muted'> = { approved: 'ok', pending: 'warn', rejected: 'bad', none: 'muted' };

export function KycBadge({ status, t }: { status: string; t: CT }) {
  return <Badge tone={KYC_TONE[status] ?? 'muted'}>{t(keyFor('users.kyc.', status), { defaultValue: status })}</Badge>;
}

function KycPair({ primary, advanced, t }: { primary: string; advanced: string; t: CT }) {
  return (
    <span className="c-kycpair" title={`${t('users.kyc.primary')}: ${primary} · ${t('users.kyc.advanced')}: ${advanced}`}>
      <span className="c-muted c-small">{t('users.kyc.primaryShort')}</span> <KycBadge status={primary} t={t} />{' '}
      <span className="c-muted c-small">{t('users.kyc.advancedShort')}</span> <KycBadge status={advanced} t={t} />
    </span>
  );
}
