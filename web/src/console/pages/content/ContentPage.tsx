// Content: notices, rules pages and help, every language of each item. The
// server filters by kind, language and keyword and pages; the search waits
// for a pause in typing before it asks.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type AdminPage } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { readSort, sortParams, SortTh, writeSort, type SortState } from '../../layout/sort';
import { useTexts } from '../queues/common/texts';
import type { ContentRow } from '../queues/common/types';
import { Answer, Badge, Empty, hasReason, LoadError, Loading, Mono, Pager, ReasonField, Tabs, When } from '../queues/common/ui';
import { contentKey, isKind, KINDS, LANGUAGES, pick, type Kind } from './model';
import '../queues/common/queues.css';
import './content.css';

const PAGE_SIZE = 20;

/** Categories per request: the editor's choices and the list's names (all of them, in practice). */
export const CATEGORIES_MAX = 100;
/** How long typing pauses before the search asks the server, ms. */
const SEARCH_PAUSE_MS = 300;

export interface ContentFilter {
  kind: Kind | null;
  lang: string;
  keyword: string;
}

/** The columns the server sorts content by; its own order is by kind (then category and place). */
const SORTS = ['id', 'kind', 'key', 'published', 'updateTime'] as const;
const BY_KIND: SortState = { orderBy: 'kind', order: 'asc' };

export function useContentPage(f: ContentFilter, page: number, sort: SortState | null = null) {
  return useQuery({
    queryKey: [...contentKey, 'page', f.kind ?? 'all', f.lang, f.keyword, page, sort?.orderBy ?? null, sort?.order ?? null],
    queryFn: () =>
      adminApi.get<AdminPage<ContentRow>>('/api/admin/content', {
        kind: f.kind ?? undefined,
        lang: f.lang || undefined,
        keyword: f.keyword || undefined,
        pageNum: page,
        pageSize: PAGE_SIZE,
        ...sortParams(sort),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every help category (the first `CATEGORIES_MAX`). */
export function useCategories() {
  return useQuery({
    queryKey: [...contentKey, 'categories'],
    queryFn: () => adminApi.get<AdminPage<ContentRow>>('/api/admin/content', { kind: 'help_category', pageNum: 1, pageSize: CATEGORIES_MAX }),
  });
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function ContentPage() {
  const { t, lang: operatorLang } = useTexts();
  const [params, setParams] = useSearchParams();
  const kind = isKind(params.get('kind')) ? (params.get('kind') as Kind) : null;
  const lang = params.get('lang') ?? '';
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [deleting, setDeleting] = useState<ContentRow | null>(null);
  const [deleted, setDeleted] = useState<{ id: number; title: string; audit: AuditWrite } | null>(null);
  const keyword = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const sort = readSort(params, SORTS);
  const list = useContentPage({ kind, lang, keyword }, page, sort);
  const cats = useCategories();

  const set = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        if (!('page' in next)) p.delete('page');
        return p;
      },
      { replace: true },
    );

  const sorting = {
    sort: sort ?? BY_KIND,
    onSort: (next: SortState) =>
      setParams(
        (prev) => {
          const p = writeSort(new URLSearchParams(prev), next);
          p.delete('page');
          return p;
        },
        { replace: true },
      ),
  };

  const categories = useMemo(() => new Map((cats.data?.rows ?? []).map((r) => [r.id, r])), [cats.data]);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const showLang = lang || operatorLang;

  const kindTabs = [{ value: 'all', label: t('content.kind.all') }, ...KINDS.map((k) => ({ value: k, label: t(`content.kind.${k}`) }))];

  return (
    <div className="cq-page" data-testid="page-content">
      <header className="cq-head">
        <div>
          <h1>{t('content.title')}</h1>
          <p className="cq-muted">{t('content.subtitle')}</p>
        </div>
        <div className="cq-head-actions">
          <Link to="outbox" relative="path" className="cq-btn cq-btn-ghost">
            {t('outbox.title')}
          </Link>
          <Link to={kind ? `new?kind=${kind}` : 'new'} relative="path" className="cq-btn cq-btn-primary" data-testid="content-new">
            + {t('content.new')}
          </Link>
        </div>
      </header>
      {deleted ? (
        <Answer
          ok={
            <>
              {t('content.deleted', { id: deleted.id, title: deleted.title })} <AuditMade write={deleted.audit} />
            </>
          }
          onDismiss={() => setDeleted(null)}
        />
      ) : null}
      <section className="cq-panel">
        <div className="cq-filters">
          <Tabs label={t('content.filter.kind')} items={kindTabs} value={kind ?? 'all'} onChange={(v) => set({ kind: v === 'all' ? null : v })} />
          <label className="cq-inline-field">
            <span className="cq-muted">{t('content.filter.language')}</span>
            <select className="cq-input cq-select" value={lang} onChange={(e) => set({ lang: e.target.value || null })} data-testid="filter-lang">
              <option value="">{t('content.filter.anyLanguage')}</option>
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.code} · {l.name}
                </option>
              ))}
            </select>
          </label>
          <input
            className="cq-input cq-search"
            type="search"
            placeholder={t('content.filter.search')}
            aria-label={t('content.filter.search')}
            value={search}
            onChange={(e) => set({ q: e.target.value || null })}
          />
        </div>
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Empty>{t('common.empty')}</Empty>
        ) : (
          <table className="cq-table" data-testid="content-table">
            <thead>
              <tr>
                <SortTh column="id" {...sorting}>
                  #
                </SortTh>
                <SortTh column="kind" {...sorting}>
                  {t('content.col.kind')}
                </SortTh>
                <SortTh column="key" {...sorting}>
                  {t('content.col.key')}
                </SortTh>
                <th>{t('content.col.title', { lang: showLang })}</th>
                <th>{t('content.col.languages')}</th>
                <SortTh column="published" first="desc" {...sorting}>
                  {t('content.col.state')}
                </SortTh>
                <SortTh column="updateTime" first="desc" {...sorting}>
                  {t('content.col.updated')}
                </SortTh>
                <th className="cq-end">{t('content.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const tr = pick(r, showLang);
                const parent = r.parentId ? categories.get(r.parentId) : undefined;
                return (
                  <tr key={r.id} data-testid={`content-row-${r.id}`}>
                    <td className="cq-num">{r.id}</td>
                    <td>
                      <Badge tone={r.kind === 'notice' ? 'warn' : r.kind === 'rule' ? 'info' : 'neutral'}>{isKind(r.kind) ? t(`content.kind1.${r.kind}`) : r.kind}</Badge>
                    </td>
                    <td>
                      <Mono>{r.key}</Mono>
                      {r.modelKey ? <div className="cq-muted cq-small">{t('content.placementIs', { place: r.modelKey })}</div> : null}
                      {r.parentId ? (
                        <div className="cq-muted cq-small">{t('content.inCategory', { name: parent ? pick(parent, showLang)?.title ?? `#${r.parentId}` : `#${r.parentId}` })}</div>
                      ) : null}
                    </td>
                    <td className="cq-title-cell">
                      {tr ? (
                        <>
                          <span dir="auto">{tr.title}</span>
                          {tr.lang !== showLang ? <span className="cq-lang-tag">{tr.lang}</span> : null}
                        </>
                      ) : (
                        <span className="cq-muted">—</span>
                      )}
                    </td>
                    <td>
                      <span className="cq-langs">
                        {r.translations
                          .map((x) => x.lang)
                          .sort()
                          .map((code) => (
                            <span key={code} className={`cq-lang-chip${code === lang ? ' cq-lang-chip-on' : ''}`}>
                              {code}
                            </span>
                          ))}
                      </span>
                    </td>
                    <td>{r.published ? <Badge tone="ok">{t('content.published')}</Badge> : <Badge>{t('content.hidden')}</Badge>}</td>
                    <td className="cq-small cq-nowrap">
                      <When value={r.updateTime} />
                    </td>
                    <td className="cq-end cq-nowrap">
                      <Link to={`item/${r.id}`} relative="path" className="cq-btn cq-btn-ghost cq-btn-sm" data-testid={`content-edit-${r.id}`}>
                        {t('content.edit')}
                      </Link>{' '}
                      <button type="button" className="cq-btn cq-btn-ghost cq-btn-sm cq-bad" onClick={() => setDeleting(r)} data-testid={`content-delete-${r.id}`}>
                        {t('content.delete')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {total > PAGE_SIZE ? <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => set({ page: String(p) })} /> : null}
      </section>
      {deleting ? (
        <DeleteDialog
          row={deleting}
          lang={showLang}
          onClose={() => setDeleting(null)}
          onDeleted={(title, reason) => {
            // content.delete on content:<id> (crates/content/src/editing.rs).
            setDeleted({ id: deleting.id, title, audit: auditWrite('content.delete', `content:${deleting.id}`, reason) });
            setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}

function DeleteDialog({ row, lang, onClose, onDeleted }: { row: ContentRow; lang: string; onClose: () => void; onDeleted: (title: string, reason: string) => void }) {
  const { t } = useTexts();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const title = pick(row, lang)?.title ?? row.key;
  const del = useMutation({
    mutationFn: () => adminApi.delete<null>(`/api/admin/content/${row.id}`, { reason: reason.trim() }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contentKey });
      onDeleted(title, reason.trim());
    },
  });
  return (
    <div
      className="cq-overlay"
      onMouseDown={(e) => e.target === e.currentTarget && !del.isPending && onClose()}
      onKeyDown={(e) => e.key === 'Escape' && !del.isPending && onClose()}
    >
      <div className="cq-dialog" role="dialog" aria-modal="true" aria-labelledby="cq-delete-title" data-testid="delete-dialog">
        <h2 id="cq-delete-title">{t('content.deleteTitle', { id: row.id })}</h2>
        <p>
          {t('content.deleteBody', { title, n: row.translations.length })}
          {row.kind === 'help_category' ? <span className="cq-muted"> {t('content.deleteCategory')}</span> : null}
        </p>
        <ReasonField
          value={reason}
          onChange={(v) => {
            setReason(v);
            if (reasonError && hasReason(v)) setReasonError(null);
          }}
          error={reasonError}
          hint={t('content.reasonHint')}
          disabled={del.isPending}
          autoFocus
        />
        <Answer error={del.error} />
        <div className="cq-actions cq-actions-end">
          <button type="button" className="cq-btn cq-btn-ghost" onClick={onClose} disabled={del.isPending}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="cq-btn cq-btn-bad"
            disabled={del.isPending}
            data-testid="delete-confirm"
            onClick={() => {
              if (!hasReason(reason)) {
                setReasonError(t('content.reasonNeeded'));
                return;
              }
              del.mutate();
            }}
          >
            {t('content.deleteConfirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
