// Lead traders: applications awaiting approval first, then the approved and
// the rejected; approve or reject a pending one with a reason (audited;
// a rejection's reason is shown to the applicant), then the audit entry the
// review made (copy.trader_approve / copy.trader_reject on copy_trader:<id>).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fmtDateTime } from '../../format';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Badge, Button, Empty, ErrorNote, Loading, Pager, ReasonDialog } from '../../layout/ui';
import { cx, formCss as fcss, useTexts } from '../settings/kit';
import { catalogueApi, cq, type TraderApplication } from './api';
import { ResourcePageFrame } from './ResourcePage';
import css from './catalogue.module.css';
import { keyFor } from '../../keys';

const PAGE_SIZE = 20;
const FILTERS: { key: string; status: number | null }[] = [
  { key: 'pending', status: 0 },
  { key: 'approved', status: 1 },
  { key: 'rejected', status: 2 },
  { key: 'all', status: null },
];
const TONE: Record<number, 'warn' | 'ok' | 'bad'> = { 0: 'warn', 1: 'ok', 2: 'bad' };
const STATUS: Record<number, string> = { 0: 'pending', 1: 'approved', 2: 'rejected' };

export function TradersPage() {
  const { t } = useTexts();
  const client = useQueryClient();
  const [filter, setFilter] = useState(0);
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<{ row: TraderApplication; approve: boolean } | null>(null);
  const [done, setDone] = useState<{ text: string; audit: AuditWrite } | null>(null);
  const status = FILTERS[filter].status;
  const q = useQuery({
    queryKey: [...cq.traders, status, page],
    queryFn: () => catalogueApi.traders(status, page, PAGE_SIZE),
    placeholderData: (prev) => prev,
  });
  return (
    <ResourcePageFrame titleKey="catalogue.traders.title" subKey="catalogue.traders.sub" testId="products-traders">
      <div className={css.toolbar}>
        <div className={css.segmented} role="tablist">
          {FILTERS.map((f, i) => (
            <button
              key={f.key}
              type="button"
              role="tab"
              aria-selected={filter === i}
              className={cx(css.segment, filter === i && css.segmentOn)}
              onClick={() => {
                setFilter(i);
                setPage(1);
              }}
            >
              {t(keyFor('catalogue.traders.', f.key))}
            </button>
          ))}
        </div>
        <span className={css.spacer} />
        {done ? (
          <span className={css.done} role="status" data-testid="done">
            ✓ {done.text} <AuditMade write={done.audit} />
          </span>
        ) : null}
      </div>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data && q.data.rows.length === 0 ? <Empty>{t(status === 0 ? 'catalogue.traders.nonePending' : 'catalogue.empty')}</Empty> : null}
      {q.data && q.data.rows.length > 0 ? (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <thead>
              <tr>
                <th>{t('catalogue.f.id')}</th>
                <th>{t('catalogue.f.traderName')}</th>
                <th>{t('catalogue.f.bio')}</th>
                <th className={css.end}>{t('catalogue.f.followUser')}</th>
                <th className={css.end}>{t('catalogue.f.orderDelaySeconds')}</th>
                <th>{t('catalogue.f.applied')}</th>
                <th>{t('catalogue.f.status')}</th>
                <th className={css.end}>{t('catalogue.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((r) => (
                <tr key={r.id} data-testid={`trader:${r.id}`}>
                  <td className={fcss.mono}>{r.id}</td>
                  <td>
                    <strong>{r.traderName}</strong>
                  </td>
                  <td className={css.wrap}>{r.bio || '—'}</td>
                  <td className={cx(css.end, fcss.mono)}>{r.followUser}</td>
                  <td className={cx(css.end, fcss.mono)}>{r.orderDelaySeconds}</td>
                  <td>{fmtDateTime(r.createTime)}</td>
                  <td>
                    <Badge tone={TONE[r.status] ?? 'muted'}>{t(keyFor('catalogue.traders.status.', STATUS[r.status] ?? 'pending'))}</Badge>
                    {r.reason ? <div className={cx(fcss.muted, css.small)}>{r.reason}</div> : null}
                  </td>
                  <td className={css.end}>
                    {r.status === 0 ? (
                      <span className={css.rowActions}>
                        <Button small variant="primary" onClick={() => setReviewing({ row: r, approve: true })} data-testid={`approve:${r.id}`}>
                          {t('catalogue.traders.approve')}
                        </Button>
                        <Button small variant="danger" onClick={() => setReviewing({ row: r, approve: false })} data-testid={`reject:${r.id}`}>
                          {t('catalogue.traders.reject')}
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {q.data && q.data.total > PAGE_SIZE ? <Pager page={page} pageSize={PAGE_SIZE} total={q.data.total} onPage={setPage} busy={q.isFetching} /> : null}
      {reviewing ? (
        <ReasonDialog
          title={t(reviewing.approve ? 'catalogue.traders.approveTitle' : 'catalogue.traders.rejectTitle', { name: reviewing.row.traderName })}
          intro={t(reviewing.approve ? 'catalogue.traders.approveIntro' : 'catalogue.traders.rejectIntro')}
          confirmLabel={t(reviewing.approve ? 'catalogue.traders.approve' : 'catalogue.traders.reject')}
          danger={!reviewing.approve}
          onClose={() => setReviewing(null)}
          onSubmit={(reason) => catalogueApi.reviewTrader(reviewing.row.id, reviewing.approve, reason)}
          onDone={(_, reason) => {
            setDone({
              text: t(reviewing.approve ? 'catalogue.traders.approvedDone' : 'catalogue.traders.rejectedDone', { name: reviewing.row.traderName }),
              audit: auditWrite(reviewing.approve ? 'copy.trader_approve' : 'copy.trader_reject', `copy_trader:${reviewing.row.id}`, reason),
            });
            setReviewing(null);
            void client.invalidateQueries({ queryKey: cq.traders });
          }}
        />
      ) : null}
    </ResourcePageFrame>
  );
}
