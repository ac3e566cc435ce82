// The first page: today's figures, what waits in the queues, fees and the
// house's books (for operators who may see them), the last audit run with
// "Run audit now", and how fresh each price feed is. Refreshes every 15 s.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminApi, AdminApiError, type AdminPage } from '../../api';
import { durationParts, fmtDateTime, fmtNumber, fmtTime, isNegative } from '../../format';
import { CIcon } from '../../layout/icons';
import { useCan } from '../../layout/me';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Badge, Button, Card, Empty, ErrorNote, Loading, Modal, PageHead, ReasonDialog } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { feeRows, houseSections, humanize, isDecimalText, todayMoney, type AuditRun, type Dashboard, type Feed, type GenericTable } from './model';
import { keyFor } from '../../keys';

export const REFRESH_MS = 15_000;
export const dashboardKey = ['console', 'dashboard'] as const;

export function DashboardPage() {
  const { t, lang } = useCt();
  const q = useQuery({
    queryKey: dashboardKey,
    queryFn: () => adminApi.get<Dashboard>('/api/admin/dashboard'),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  return (
    <div className="c-page" data-testid="dashboard">
      <PageHead
        title={t('dashboard.title')}
        sub={
          q.dataUpdatedAt ? t('dashboard.updated', { time: fmtTime(q.dataUpdatedAt), seconds: REFRESH_MS / 1000 }) : t('dashboard.refreshEvery', { seconds: REFRESH_MS / 1000 })
        }
        actions={
          <Button small variant="ghost" onClick={() => void q.refetch()} busy={q.isFetching}>
            <CIcon name="refresh" size={14} /> {t('dashboard.refresh')}
          </Button>
        }
      />
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? <Loading /> : null}
      {d ? (
        <>
          <Today d={d} t={t} lang={lang} />
          <Queues d={d} t={t} lang={lang} />
          <div className="c-grid2">
            <LastAudit run={d.audit ?? null} />
            <Feeds feeds={d.feeds ?? []} staleAfterMs={d.staleAfterMs} t={t} lang={lang} />
          </div>
          {d.fees ? <Fees fees={d.fees} t={t} lang={lang} /> : null}
          {d.house ? <House house={d.house} t={t} lang={lang} /> : null}
        </>
      ) : null}
    </div>
  );
}

function Today({ d, t, lang }: { d: Dashboard; t: CT; lang: ConsoleLanguage }) {
  const today = d.today;
  if (!today) return null;
  return (
    <section className="c-section" aria-labelledby="today-h">
      <h2 className="c-section__title" id="today-h">
        {t('dashboard.today')}
        {today.dayStartMs ? <span className="c-muted c-small"> · {t('dashboard.since', { time: fmtDateTime(today.dayStartMs) })}</span> : null}
      </h2>
      <div className="c-tiles">
        <div className="c-tile" data-testid="tile-registrations">
          <div className="c-tile__label">{t('dashboard.registrations')}</div>
          <div className="c-tile__value">{fmtNumber(today.registrations ?? 0, lang)}</div>
        </div>
        <MoneyTile label={t('dashboard.deposits')} m={todayMoney(today, 'deposits')} t={t} lang={lang} testId="tile-deposits" />
        <MoneyTile label={t('dashboard.withdrawals')} m={todayMoney(today, 'withdrawals')} t={t} lang={lang} testId="tile-withdrawals" />
      </div>
    </section>
  );
}

function MoneyTile({ label, m, t, lang, testId }: { label: string; m: ReturnType<typeof todayMoney>; t: CT; lang: ConsoleLanguage; testId: string }) {
  const sums = m?.sums ?? [];
  return (
    <div className="c-tile" data-testid={testId}>
      <div className="c-tile__label">{label}</div>
      <div className="c-tile__value">{fmtNumber(m?.count ?? 0, lang)}</div>
      {sums.length ? (
        <ul className="c-tile__coins">
          {sums.map((c) => (
            <li key={c.asset}>
              <span className="c-coin">{c.asset.toUpperCase()}</span>
              <span className="c-num">{fmtNumber(c.amount, lang)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="c-tile__sub c-muted">{t('dashboard.noneToday')}</div>
      )}
    </div>
  );
}

function Queues({ d, t, lang }: { d: Dashboard; t: CT; lang: ConsoleLanguage }) {
  const q = d.queues;
  if (!q) return null;
  const items = [
    { key: 'deposits', n: q.deposits, to: '/queues/deposits', label: t('dashboard.queue.deposits') },
    { key: 'withdrawals', n: q.withdrawals, to: '/queues/withdrawals', label: t('dashboard.queue.withdrawals') },
    { key: 'verifications', n: q.verifications, to: '/queues/kyc', label: t('dashboard.queue.verifications') },
  ];
  return (
    <section className="c-section" aria-labelledby="queues-h">
      <h2 className="c-section__title" id="queues-h">
        {t('dashboard.queues')}
      </h2>
      <div className="c-tiles">
        {items.map((i) => (
          <Link key={i.key} to={i.to} className={(i.n ?? 0) > 0 ? 'c-tile c-tile--link c-tile--attention' : 'c-tile c-tile--link'} data-testid={`queue-${i.key}`}>
            <div className="c-tile__label">{i.label}</div>
            <div className="c-tile__value">{i.n === undefined || i.n === null ? '—' : fmtNumber(i.n, lang)}</div>
            <div className="c-tile__sub">
              {(i.n ?? 0) > 0 ? t('dashboard.queue.waiting') : t('dashboard.queue.clear')} <CIcon name="chevron" size={12} />
            </div>
          </Link>
        ))}
      </div>
    </section>
  );
}

/** "3 min ago" in the operator's language. */
export function ago(ms: number | null | undefined, t: CT): string {
  if (ms === null || ms === undefined) return '—';
  const { n, unit } = durationParts(ms);
  return t(keyFor('dashboard.ago.', unit), { n });
}

function Feeds({ feeds, staleAfterMs, t, lang }: { feeds: Feed[]; staleAfterMs?: number; t: CT; lang: ConsoleLanguage }) {
  const stale = feeds.filter((f) => !f.fresh).length;
  return (
    <Card
      title={t('dashboard.feeds.title')}
      actions={feeds.length ? stale ? <Badge tone="bad">{t('dashboard.feeds.stale', { n: stale })}</Badge> : <Badge tone="ok">{t('dashboard.feeds.allFresh')}</Badge> : null}
      testId="feeds"
    >
      {staleAfterMs ? <p className="c-small c-muted c-card__lead">{t('dashboard.feeds.limit', { s: Math.round(staleAfterMs / 1000) })}</p> : null}
      {feeds.length === 0 ? (
        <Empty>{t('dashboard.feeds.none')}</Empty>
      ) : (
        <div className="c-table-wrap c-table-wrap--short">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('dashboard.feeds.coin')}</th>
                <th className="c-right">{t('dashboard.feeds.lastPrice')}</th>
                <th>{t('dashboard.feeds.lastTick')}</th>
                <th className="c-right">{t('dashboard.feeds.age')}</th>
                <th>{t('dashboard.feeds.state')}</th>
              </tr>
            </thead>
            <tbody>
              {feeds.map((f) => (
                <tr key={f.coin}>
                  <td className="c-coin">{f.coin.toUpperCase()}</td>
                  <td className="c-right" data-testid={`feed-price-${f.coin}`}>
                    {f.lastPrice ? <span className="c-num">{fmtNumber(f.lastPrice, lang)}</span> : '—'}
                  </td>
                  <td className="c-mono">{f.lastTickMs ? fmtTime(f.lastTickMs) : '—'}</td>
                  <td className="c-right">{f.lastTickMs ? ago(f.ageMs, t) : '—'}</td>
                  <td>{f.fresh ? <Badge tone="ok">{t('dashboard.feeds.fresh')}</Badge> : <Badge tone="bad">{f.lastTickMs ? t('dashboard.feeds.staleOne') : t('dashboard.feeds.never')}</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Amount({ v, lang }: { v: unknown; lang: ConsoleLanguage }) {
  if (!isDecimalText(v)) return <>{v === null || v === undefined ? '—' : String(v)}</>;
  return <span className={isNegative(v) ? 'c-num c-neg' : 'c-num'}>{fmtNumber(v, lang)}</span>;
}

const productLabel = (p: string, t: CT) => t(keyFor('dashboard.product.', p), { defaultValue: humanize(p) });

function Fees({ fees, t, lang }: { fees: NonNullable<Dashboard['fees']>; t: CT; lang: ConsoleLanguage }) {
  const rows = feeRows(fees);
  return (
    <Card title={t('dashboard.fees.title')} testId="fees" actions={fees.upToDate === false ? <Badge tone="warn">{t('dashboard.fees.catchingUp')}</Badge> : null}>
      {rows.length === 0 ? (
        <Empty>{t('dashboard.fees.none')}</Empty>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('dashboard.fees.product')}</th>
                <th>{t('dashboard.fees.asset')}</th>
                <th className="c-right">{t('dashboard.fees.today')}</th>
                <th className="c-right">{t('dashboard.fees.allTime')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.product}-${r.asset}`} className={i > 0 && rows[i - 1].product !== r.product ? 'c-group-start' : undefined}>
                  <td>{i > 0 && rows[i - 1].product === r.product ? '' : productLabel(r.product, t)}</td>
                  <td className="c-coin">{r.asset.toUpperCase()}</td>
                  <td className="c-right">
                    <Amount v={r.today ?? '0'} lang={lang} />
                  </td>
                  <td className="c-right">
                    <Amount v={r.allTime ?? '0'} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const TEXT_COLUMNS = new Set(['symbol', 'coin', 'asset', 'product']);

function Generic({ table, t, lang }: { table: GenericTable; t: CT; lang: ConsoleLanguage }) {
  return (
    <div className="c-table-wrap">
      <table className="c-table c-table--dense">
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} className={TEXT_COLUMNS.has(c) ? '' : 'c-right'}>
                {t(keyFor('dashboard.field.', c), { defaultValue: humanize(c) })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i}>
              {table.columns.map((c) => (
                <td key={c} className={TEXT_COLUMNS.has(c) ? 'c-coin' : 'c-right'}>
                  {TEXT_COLUMNS.has(c) ? String(r[c] ?? '').toUpperCase() : <Amount v={r[c]} lang={lang} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function House({ house, t, lang }: { house: NonNullable<Dashboard['house']>; t: CT; lang: ConsoleLanguage }) {
  const { sections, insurance } = houseSections(house);
  return (
    <Card title={t('dashboard.house.title')} testId="house">
      {insurance.length ? (
        <div className="c-house__balances">
          <span className="c-muted">{t('dashboard.house.insurance')}</span>
          {insurance.map((a) => (
            <span key={a.asset} className="c-house__balance">
              <Amount v={a.amount} lang={lang} /> <span className="c-coin">{a.asset.toUpperCase()}</span>
            </span>
          ))}
        </div>
      ) : null}
      {sections.map((s) => (
        <div className="c-subsection" key={s.product} data-testid={`house-${s.product}`}>
          <div className="c-house__head">
            <h3 className="c-subsection__title">{productLabel(s.product, t)}</h3>
            {s.balances.map(([k, v]) => (
              <span key={k} className="c-small">
                <span className="c-muted">{t(keyFor('dashboard.house.', k))}</span> <Amount v={v} lang={lang} />
              </span>
            ))}
          </div>
          {s.table.rows.length ? <Generic table={s.table} t={t} lang={lang} /> : <div className="c-small c-muted">{t('dashboard.house.none')}</div>}
        </div>
      ))}
    </Card>
  );
}

/** The last audit run, the button that starts one, and the recent runs. */
export function LastAudit({ run }: { run: AuditRun | null }) {
  const { t } = useCt();
  const can = useCan();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState<{ since: number; expectMs: number | null } | null>(null);
  const [outcome, setOutcome] = useState<{ run?: AuditRun; audit?: AuditWrite; error?: unknown; detached?: boolean } | null>(null);
  const [report, setReport] = useState<AuditRun | null>(null);
  const mayRun = can('readAudit');
  const shown = outcome?.run ?? run;

  const start = async (reason: string): Promise<void> => {
    setAsking(false);
    setOutcome(null);
    setRunning({ since: Date.now(), expectMs: run?.elapsedMs ?? null });
    try {
      const done = await adminApi.post<AuditRun>('/api/admin/audit/run', { reason });
      // audit.run on audit_run:<id> (crates/server/src/audit_runs.rs).
      setOutcome({ run: done, audit: auditWrite('audit.run', `audit_run:${done.id}`, reason) });
    } catch (e) {
      // A timeout or a dropped connection: the server finishes and stores the run anyway.
      setOutcome(e instanceof AdminApiError ? { error: e } : { detached: true });
    } finally {
      setRunning(null);
      void client.invalidateQueries({ queryKey: dashboardKey });
      void client.invalidateQueries({ queryKey: runsKey });
    }
  };

  return (
    <Card
      title={t('dashboard.audit.title')}
      testId="last-audit"
      actions={
        mayRun ? (
          <Button small variant="primary" onClick={() => setAsking(true)} busy={!!running} data-testid="run-audit">
            {running ? t('dashboard.audit.running') : t('dashboard.audit.run')}
          </Button>
        ) : null
      }
    >
      {running ? <RunProgress since={running.since} expectMs={running.expectMs} /> : null}
      {outcome?.error ? <ErrorNote error={outcome.error} /> : null}
      {outcome?.detached ? <div className="c-note">{t('dashboard.audit.detached')}</div> : null}
      {shown ? (
        <div className={shown.ok ? 'c-audit c-audit--ok' : 'c-audit c-audit--bad'} data-testid="audit-run">
          <div className="c-audit__status">
            {shown.ok ? <Badge tone="ok">{t('dashboard.audit.ok')}</Badge> : <Badge tone="bad">{t('dashboard.audit.failed')}</Badge>}
            {outcome?.run ? <Badge tone="info">{t('dashboard.audit.justNow')}</Badge> : null}
            <span className="c-muted">#{shown.id}</span>
          </div>
          {shown.headline ? <div className="c-audit__headline">{shown.headline}</div> : null}
          <div className="c-audit__parts">
            <Part label={t('dashboard.audit.ledger')} ok={shown.ledgerOk} t={t} />
            <Part label={t('dashboard.audit.holds')} ok={shown.holdsOk} t={t} />
            <Part label={t('dashboard.audit.settlements')} ok={shown.settlementsOk} t={t} />
          </div>
          <div className="c-muted c-small">
            {t('dashboard.audit.when', {
              time: fmtDateTime(shown.at),
              operator: shown.operator === 'cli' ? t('dashboard.audit.cli') : shown.operator,
            })}
            {shown.elapsedMs !== undefined ? ` · ${t('dashboard.audit.elapsed', { s: (shown.elapsedMs / 1000).toFixed(1) })}` : ''}
          </div>
          {shown.reason ? <div className="c-small">{t('dashboard.audit.reason', { reason: shown.reason })}</div> : null}
          {outcome?.run && outcome.audit ? (
            <div className="c-small">
              <AuditMade write={outcome.audit} />
            </div>
          ) : null}
          {shown.summary ? (
            <Button small variant="ghost" onClick={() => setReport(shown)}>
              {t('dashboard.audit.report')}
            </Button>
          ) : null}
        </div>
      ) : !running ? (
        <Empty>{t('dashboard.audit.never')}</Empty>
      ) : null}
      {mayRun ? <RecentRuns onOpen={setReport} /> : null}
      {asking ? (
        <ReasonDialog
          title={t('dashboard.audit.confirmTitle')}
          intro={t('dashboard.audit.confirmIntro')}
          confirmLabel={t('dashboard.audit.run')}
          onSubmit={async (reason) => reason}
          onClose={() => setAsking(false)}
          onDone={(reason) => void start(reason)}
        />
      ) : null}
      {report ? (
        <Modal title={t('dashboard.audit.reportTitle', { id: report.id })} onClose={() => setReport(null)} wide>
          <pre className="c-report">{report.summary}</pre>
        </Modal>
      ) : null}
    </Card>
  );
}

function Part({ label, ok, t }: { label: string; ok: boolean | null | undefined; t: CT }) {
  const tone = ok === true ? 'ok' : ok === false ? 'bad' : 'muted';
  return (
    <span className={`c-part c-part--${tone}`}>
      {label}: {ok === true ? t('dashboard.audit.pass') : ok === false ? t('dashboard.audit.fail') : t('dashboard.audit.notRun')}
    </span>
  );
}

/** Elapsed time, against the last run's duration when there is one. */
function RunProgress({ since, expectMs }: { since: number; expectMs: number | null }) {
  const { t } = useCt();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const elapsed = now - since;
  const pct = expectMs && expectMs > 0 ? Math.min(95, Math.round((elapsed / expectMs) * 100)) : null;
  return (
    <div className="c-progress" role="progressbar" aria-valuenow={pct ?? undefined} aria-valuemin={0} aria-valuemax={100} data-testid="audit-progress">
      <div className="c-progress__bar">
        <div className={pct === null ? 'c-progress__fill c-progress__fill--indeterminate' : 'c-progress__fill'} style={pct === null ? undefined : { width: `${pct}%` }} />
      </div>
      <div className="c-small c-muted">
        {t('dashboard.audit.progress', { s: (elapsed / 1000).toFixed(0) })}
        {expectMs ? ` · ${t('dashboard.audit.expected', { s: (expectMs / 1000).toFixed(1) })}` : ''}
      </div>
    </div>
  );
}

export const runsKey = ['console', 'audit-runs'] as const;

function RecentRuns({ onOpen }: { onOpen: (r: AuditRun) => void }) {
  const { t } = useCt();
  const q = useQuery({
    queryKey: runsKey,
    queryFn: async () => {
      const data = await adminApi.get<AdminPage<AuditRun>>('/api/admin/audit/runs', { pageNum: 1, pageSize: 5 });
      return data.rows.slice(0, 5);
    },
    refetchInterval: REFRESH_MS,
  });
  const rows = q.data ?? [];
  if (rows.length < 2) return null;
  return (
    <div className="c-subsection">
      <h3 className="c-subsection__title">{t('dashboard.audit.recent')}</h3>
      <ul className="c-runs">
        {rows.map((r) => (
          <li key={r.id}>
            <button type="button" className="c-runs__row" onClick={() => r.summary && onOpen(r)} disabled={!r.summary}>
              <span className={r.ok ? 'c-dot c-dot--ok' : 'c-dot c-dot--bad'} aria-label={r.ok ? t('dashboard.audit.ok') : t('dashboard.audit.failed')} />
              <span className="c-mono c-small">{fmtDateTime(r.at)}</span>
              <span className="c-small">{r.operator === 'cli' ? t('dashboard.audit.cli') : r.operator}</span>
              <span className="c-small c-muted c-ellipsis">{r.headline}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
