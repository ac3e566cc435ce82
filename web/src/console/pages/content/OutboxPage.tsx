// The outbox: every email and text message the server produced, newest
// first, with whether it arrived: to help a user whose code never came.
// Never the code or the message itself (the server does not send them).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, type AdminPage } from '../../api';
import { readSort, sortParams, SortTh, writeSort, type SortState } from '../../layout/sort';
import { StatusBadge } from '../queues/common/status';
import { useTexts, type TextKey } from '../queues/common/texts';
import type { OutboxRow } from '../queues/common/types';
import { Badge, Empty, LoadError, Loading, Mono, Pager, When } from '../queues/common/ui';
import '../queues/common/queues.css';
import './content.css';

const PAGE_SIZE = 25;
/** The columns the server sorts the outbox by; its own order is newest first. */
const SORTS = ['id', 'createTime', 'channel', 'target', 'purpose', 'status'] as const;
const NEWEST: SortState = { orderBy: 'createTime', order: 'desc' };

const PURPOSES: Record<string, TextKey> = {
  register: 'outbox.purpose.register',
  bind: 'outbox.purpose.bind',
  forget: 'outbox.purpose.forget',
  unbind: 'outbox.purpose.unbind',
  security: 'outbox.purpose.security',
  unlock: 'outbox.purpose.unlock',
};

export default function OutboxPage() {
  const { t } = useTexts();
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(target);
  const sort = readSort(params, SORTS);
  const list = useQuery({
    queryKey: ['console', 'outbox', target, page, sort?.orderBy ?? null, sort?.order ?? null],
    queryFn: () => adminApi.get<AdminPage<OutboxRow>>('/api/admin/outbox', { target: target || undefined, pageNum: page, pageSize: PAGE_SIZE, ...sortParams(sort) }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { target?: string; page?: number; sort?: SortState }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.sort !== undefined) writeSort(p, next.sort);
        if (next.target !== undefined) {
          if (next.target) p.set('target', next.target);
          else p.delete('target');
        }
        if (next.page && next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
        return p;
      },
      { replace: true },
    );
  const rows = list.data?.rows ?? [];
  const sorting = { sort: sort ?? NEWEST, onSort: (next: SortState) => go({ sort: next, page: 1 }) };

  return (
    <div className="cq-page" data-testid="page-outbox">
      <Link to=".." relative="path" className="cq-link cq-back">
        ‹ {t('content.title')}
      </Link>
      <header className="cq-head">
        <div>
          <h1>{t('outbox.title')}</h1>
          <p className="cq-muted">{t('outbox.subtitle')}</p>
        </div>
        <form
          className="cq-head-actions"
          onSubmit={(e) => {
            e.preventDefault();
            go({ target: typed.trim(), page: 1 });
          }}
        >
          <input
            className="cq-input cq-search"
            type="search"
            value={typed}
            placeholder={t('outbox.target')}
            aria-label={t('outbox.target')}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="outbox-target"
          />
          <button type="submit" className="cq-btn cq-btn-ghost">
            {t('outbox.find')}
          </button>
          {target ? (
            <button
              type="button"
              className="cq-link"
              onClick={() => {
                setTyped('');
                go({ target: '', page: 1 });
              }}
            >
              {t('outbox.clear')}
            </button>
          ) : null}
        </form>
      </header>
      <section className="cq-panel">
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Empty>{target ? t('outbox.noneFor', { target }) : t('outbox.none')}</Empty>
        ) : (
          <table className="cq-table" data-testid="outbox-table">
            <thead>
              <tr>
                <SortTh column="id" first="desc" {...sorting}>
                  #
                </SortTh>
                <SortTh column="createTime" first="desc" {...sorting}>
                  {t('outbox.col.time')}
                </SortTh>
                <SortTh column="channel" {...sorting}>
                  {t('outbox.col.channel')}
                </SortTh>
                <SortTh column="target" {...sorting}>
                  {t('outbox.col.target')}
                </SortTh>
                <th>{t('outbox.col.subject')}</th>
                <SortTh column="purpose" {...sorting}>
                  {t('outbox.col.purpose')}
                </SortTh>
                <SortTh column="status" {...sorting}>
                  {t('outbox.col.state')}
                </SortTh>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="cq-num">{r.id}</td>
                  <td className="cq-small cq-nowrap">
                    <When value={r.createTime} />
                  </td>
                  <td>
                    <Badge tone="neutral">{r.channel === 'email' ? t('outbox.email') : r.channel === 'sms' ? t('outbox.sms') : r.channel}</Badge>
                  </td>
                  <td>
                    <button type="button" className="cq-link cq-mono" title={t('outbox.onlyThis')} onClick={() => { setTyped(r.target); go({ target: r.target, page: 1 }); }}>
                      {r.target}
                    </button>
                  </td>
                  <td>{r.subject || <span className="cq-muted">—</span>}</td>
                  <td>{PURPOSES[r.purpose] ? t(PURPOSES[r.purpose]) : <Mono>{r.purpose}</Mono>}</td>
                  <td>
                    <StatusBadge status={r.status} />
                    {r.error ? <div className="cq-small cq-bad cq-error-text">{r.error}</div> : null}
                    {r.status === 'unsent' ? <div className="cq-small cq-muted">{t('outbox.unsentHint')}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.data && list.data.total > PAGE_SIZE ? <Pager page={page} size={PAGE_SIZE} total={list.data.total} onPage={(p) => go({ page: p })} /> : null}
      </section>
    </div>
  );
}
