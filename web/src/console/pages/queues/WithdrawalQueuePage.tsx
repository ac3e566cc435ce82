// Withdrawals: the queue (server-paged, oldest first), one request with the
// rules that apply to it and the user's recent withdrawals and deposits, and
// the decision: approve with the payout's transaction hash, or reject (what
// was frozen for it is available to the user again).
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type AdminPage } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { nextAfter, useQueueParams } from './common/paging';
import { StatusBadge } from './common/status';
import { useTexts } from './common/texts';
import { QueueHead, QueueList, useQueueList } from './common/QueueList';
import { type AdminDeposit, type AdminWithdrawal, type UserDetail } from './common/types';
import { UserName, useUserDetail } from './common/UserName';
import { Amount, Answer, Badge, Empty, Facts, hasReason, LoadError, Loading, Mono, ReasonField, shorten, When } from './common/ui';
import { kycLimit, placeInRange, platformDayStart, rulesFor, type AppliedRules } from './withdrawal-rules';
import './common/queues.css';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
type Decision = 'approve' | 'reject';

export const withdrawalsKey = ['console', 'withdrawals'] as const;

/** Longest transaction hash the server takes. */
const TX_HASH_CHARS_MAX = 128;
/** Recent rows shown of each history. */
const RECENT = 8;

/** The server's shape check of a transaction hash: 1 to 128 visible ASCII characters. */
export function txHashProblem(hash: string): 'missing' | 'shape' | null {
  const h = hash.trim();
  if (!h) return 'missing';
  if (h.length > TX_HASH_CHARS_MAX || !/^[\x21-\x7e]+$/.test(h)) return 'shape';
  return null;
}

/**
 * The newest `n` rows of one status of a user. The withdrawal list is
 * oldest first, so its last pages are read; deposit lists other than pending
 * are newest first already.
 */
async function newest<T extends { id: number }>(url: string, params: object, n: number, oldestFirst: boolean): Promise<AdminPage<T>> {
  const first = await adminApi.get<AdminPage<T>>(url, { ...params, pageNum: 1, pageSize: n });
  if (!oldestFirst || first.total <= n) return first;
  const last = Math.ceil(first.total / n);
  const tail = await adminApi.get<AdminPage<T>>(url, { ...params, pageNum: last, pageSize: n });
  let rows = tail.rows;
  if (rows.length < n && last > 1) {
    const before = await adminApi.get<AdminPage<T>>(url, { ...params, pageNum: last - 1, pageSize: n });
    rows = [...before.rows, ...rows];
  }
  return { rows, total: first.total };
}

async function history<T extends { id: number }>(url: string, userId: number, statuses: string[], oldestFirst: (s: string) => boolean) {
  const pages = await Promise.all(statuses.map((status) => newest<T>(url, { userId, status }, RECENT, oldestFirst(status))));
  const rows = pages.flatMap((p) => p.rows).sort((a, b) => b.id - a.id);
  const totals = Object.fromEntries(statuses.map((s, i) => [s, pages[i].total]));
  return { rows, totals };
}

interface Outcome {
  decision: Decision;
  row: AdminWithdrawal;
  /** withdrawal.approve / withdrawal.reject on withdrawal:<id> (crates/wallet/src/withdrawal_reviews.rs). */
  audit: AuditWrite;
}

export default function WithdrawalQueuePage() {
  const { t } = useTexts();
  const queue = useQueueParams(STATUSES, 'pending', ['id', 'userId', 'amount', 'createTime']);
  const { status, page, id, sort, update } = queue;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useQueueList<AdminWithdrawal>([...withdrawalsKey, 'list'], '/api/admin/withdrawals', status, page, sort);
  const rows = list.data?.rows ?? [];
  const current = id === null ? rows[0] : rows.find((r) => r.id === id);

  return (
    <div className="cq-page" data-testid="page-withdrawals">
      <QueueHead
        title={t('withdrawals.title')}
        subtitle={t('withdrawals.subtitle')}
        statuses={STATUSES}
        tabLabel={(s) => t(`withdrawals.tab.${s}`)}
        queue={queue}
      />
      {outcome ? (
        <Answer
          ok={
            <>
              {outcome.decision === 'approve'
                ? t('withdrawals.done.approved', { id: outcome.row.id, net: outcome.row.netAmount, coin: outcome.row.coin, hash: outcome.row.txHash ?? '' })
                : t('withdrawals.done.rejected', { id: outcome.row.id, amount: outcome.row.amount, coin: outcome.row.coin })}{' '}
              <AuditMade write={outcome.audit} />
            </>
          }
          onDismiss={() => setOutcome(null)}
        />
      ) : null}
      <div className="cq-split">
        <QueueList
          label={t('withdrawals.list')}
          heading={t(`withdrawals.tab.${status}`)}
          list={list}
          empty={status === 'pending' ? t('withdrawals.emptyPending') : t('common.empty')}
          columns={[
            { column: 'id', label: '#' },
            { column: 'userId', label: t('withdrawals.col.request') },
            { column: 'amount', label: t('withdrawals.col.amount'), first: 'desc', className: 'cq-end' },
            { column: 'createTime', label: t('withdrawals.col.submitted') },
          ]}
          // The server's own order: oldest first, the queue order.
          ownSort={{ orderBy: 'id', order: 'asc' }}
          rowTestId={(r) => `withdrawal-row-${r.id}`}
          openId={current?.id}
          queue={queue}
          cells={(r) => (
            <>
              <td className="cq-num">{r.id}</td>
              <td>
                <div>
                  {t('common.userId', { id: r.userId })} · {r.channel}
                </div>
                <div className="cq-muted cq-small">
                  <Mono>{shorten(r.address, 10, 6)}</Mono>
                </div>
              </td>
              <td className="cq-end">
                <Amount value={r.amount} coin={r.coin} />
              </td>
              <td className="cq-small">
                <When value={r.createTime} />
              </td>
            </>
          )}
        />
        <section className="cq-detail" aria-label={t('withdrawals.detail')}>
          {current ? (
            <WithdrawalReview
              key={current.id}
              row={current}
              onDone={(decision, row, reason) => {
                setOutcome({ decision, row, audit: auditWrite(`withdrawal.${decision}`, `withdrawal:${row.id}`, reason) });
                update({ id: nextAfter(rows, row.id) });
              }}
            />
          ) : list.isPending ? null : (
            <div className="cq-panel">
              <Empty>{id !== null && rows.length > 0 ? t('common.notOnPage', { id }) : t('withdrawals.nothingOpen')}</Empty>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function WithdrawalReview({ row, onDone }: { row: AdminWithdrawal; onDone: (d: Decision, row: AdminWithdrawal, reason: string) => void }) {
  const { t } = useTexts();
  const qc = useQueryClient();
  const [txHash, setTxHash] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ txHash?: string; reason?: string }>({});
  const decide = useMutation({
    mutationFn: (d: Decision) =>
      adminApi.post<AdminWithdrawal>(
        `/api/admin/withdrawals/${row.id}/${d}`,
        d === 'approve' ? { txHash: txHash.trim(), reason: reason.trim() } : { reason: reason.trim() },
      ),
    onSuccess: (answer, d) => {
      void qc.invalidateQueries({ queryKey: withdrawalsKey });
      onDone(d, answer, reason.trim());
    },
  });
  const act = (d: Decision) => {
    const next: { txHash?: string; reason?: string } = {};
    if (d === 'approve') {
      const problem = txHashProblem(txHash);
      if (problem === 'missing') next.txHash = t('withdrawals.txHash.missing');
      if (problem === 'shape') next.txHash = t('withdrawals.txHash.shape');
    }
    if (!hasReason(reason)) next.reason = t(d === 'approve' ? 'withdrawals.reasonNeeded.approve' : 'withdrawals.reasonNeeded.reject');
    setErrors(next);
    if (next.txHash || next.reason) return;
    decide.mutate(d);
  };
  const pending = row.status === 'pending';

  const facts: [ReactNode, ReactNode][] = [
    [t('common.user'), <UserName id={row.userId} />],
    [t('withdrawals.channel'), `${row.channel} (${row.network})`],
    [t('withdrawals.address'), <Mono>{row.address}</Mono>],
    [t('withdrawals.amount'), <Amount value={row.amount} coin={row.coin} strong />],
    [t('withdrawals.fee'), <Amount value={row.fee} coin={row.coin} />],
    [t('withdrawals.net'), <Amount value={row.netAmount} coin={row.coin} strong />],
  ];
  if (row.separateFee && row.separateFeeCoin) facts.push([t('withdrawals.separateFee'), <Amount value={row.separateFee} coin={row.separateFeeCoin} />]);
  facts.push([t('withdrawals.col.submitted'), <When value={row.createTime} />]);
  if (row.reviewTime) facts.push([t('withdrawals.reviewed'), <When value={row.reviewTime} />]);
  if (row.txHash) facts.push([t('withdrawals.txHash.label'), <Mono>{row.txHash}</Mono>]);
  if (row.reason) facts.push([t('withdrawals.givenReason'), row.reason]);

  return (
    <div className="cq-stack">
      <article className="cq-panel cq-review" data-testid="withdrawal-review">
        <div className="cq-panel-head">
          <h2>
            {t('withdrawals.request', { id: row.id })} <StatusBadge status={row.status} />
          </h2>
        </div>
        <div className="cq-cols-2">
          <Facts items={facts} />
          <RulesPanel row={row} />
        </div>

        {pending ? (
          <form className="cq-decide" onSubmit={(e) => e.preventDefault()}>
            <h3 className="cq-h3">{t('withdrawals.decide')}</h3>
            <div className={`cq-field${errors.txHash ? ' cq-field-invalid' : ''}`}>
              <label htmlFor="wq-hash" className="cq-label">
                {t('withdrawals.txHash.label')} <span className="cq-muted cq-small">{t('withdrawals.txHash.forApprove')}</span>
              </label>
              <input
                id="wq-hash"
                className="cq-input cq-mono"
                autoComplete="off"
                spellCheck={false}
                value={txHash}
                maxLength={TX_HASH_CHARS_MAX}
                onChange={(e) => {
                  setTxHash(e.target.value);
                  if (errors.txHash) setErrors((x) => ({ ...x, txHash: undefined }));
                }}
                aria-invalid={errors.txHash ? true : undefined}
                data-testid="tx-hash"
              />
              <div className="cq-field-foot">
                {errors.txHash ? (
                  <span className="cq-field-error" role="alert">
                    {errors.txHash}
                  </span>
                ) : (
                  <span className="cq-muted">{t('withdrawals.txHash.hint', { net: row.netAmount, coin: row.coin })}</span>
                )}
              </div>
            </div>
            <ReasonField
              value={reason}
              onChange={(v) => {
                setReason(v);
                if (errors.reason && hasReason(v)) setErrors((x) => ({ ...x, reason: undefined }));
              }}
              error={errors.reason}
              hint={t('withdrawals.reasonHint')}
              disabled={decide.isPending}
            />
            <p className="cq-note">
              {row.separateFee && row.separateFeeCoin
                ? t('withdrawals.rejectReturnsBoth', { amount: row.amount, coin: row.coin, fee: row.separateFee, feeCoin: row.separateFeeCoin })
                : t('withdrawals.rejectReturns', { amount: row.amount, coin: row.coin })}
            </p>
            <Answer error={decide.error} />
            <div className="cq-actions">
              <button type="button" className="cq-btn cq-btn-ok" disabled={decide.isPending} onClick={() => act('approve')} data-testid="withdrawal-approve">
                {t('withdrawals.approve')}
              </button>
              <button type="button" className="cq-btn cq-btn-bad" disabled={decide.isPending} onClick={() => act('reject')} data-testid="withdrawal-reject">
                {t('withdrawals.reject')}
              </button>
            </div>
          </form>
        ) : (
          <p className="cq-muted">{t('withdrawals.decided')}</p>
        )}
      </article>
      <Recent row={row} />
    </div>
  );
}

function userTier(u: UserDetail | undefined): 'none' | 'primary' | 'advanced' | null {
  if (!u) return null;
  if (u.user.kyc.advanced === 'approved') return 'advanced';
  if (u.user.kyc.primary === 'approved') return 'primary';
  return 'none';
}

/** The rules that apply to this request: the channel's limits and fees, the window, the KYC limit. */
function RulesPanel({ row }: { row: AdminWithdrawal }) {
  const { t } = useTexts();
  const settings = useQuery({
    queryKey: ['console', 'settings'],
    queryFn: () => adminApi.get<Record<string, unknown>>('/api/admin/settings'),
    staleTime: 60_000,
    retry: false,
  });
  const user = useUserDetail(row.userId);
  const today = useQuery({
    queryKey: [...withdrawalsKey, 'user', row.userId, 'history'],
    queryFn: () => history<AdminWithdrawal>('/api/admin/withdrawals', row.userId, ['pending', 'approved', 'rejected'], () => true),
  });
  if (settings.isError) {
    return (
      <div className="cq-rules">
        <h3 className="cq-h3">{t('withdrawals.rules.title')}</h3>
        <p className="cq-muted cq-small">{t('withdrawals.rules.unavailable')}</p>
      </div>
    );
  }
  if (!settings.data) return <Loading />;
  const r: AppliedRules = rulesFor(settings.data, row.channel);
  const place = placeInRange(row.amount, r.min, r.max);
  const tier = userTier(user.data);
  const limit = tier ? kycLimit(r, tier) : null;
  const dayStart = platformDayStart(Date.now(), r.offset);
  const todayCount = today.data ? today.data.rows.filter((w) => w.status !== 'rejected' && new Date(w.createTime).getTime() >= dayStart).length : null;

  const items: [ReactNode, ReactNode][] = [
    [
      t('withdrawals.rules.range'),
      <span>
        <Amount value={r.min ?? '0'} /> – <Amount value={r.max} coin={row.coin} />{' '}
        {place === 0 ? <Badge tone="ok">{t('withdrawals.rules.inRange')}</Badge> : null}
        {place === -1 ? <Badge tone="bad">{t('withdrawals.rules.belowMin')}</Badge> : null}
        {place === 1 ? <Badge tone="bad">{t('withdrawals.rules.aboveMax')}</Badge> : null}
      </span>,
    ],
    [
      t('withdrawals.rules.fee'),
      <span>
        {t('withdrawals.rules.feeFormula', { fee: r.fee, coin: row.coin, ratio: r.ratio })}
        {r.freeCount > 0 ? <span className="cq-muted"> · {t('withdrawals.rules.free', { n: r.freeCount })}</span> : null}
      </span>,
    ],
    [
      t('withdrawals.rules.daily'),
      r.dayCount === 0 ? (
        t('withdrawals.rules.noDaily')
      ) : (
        <span>
          {todayCount === null ? t('withdrawals.rules.dailyMax', { max: r.dayCount }) : t('withdrawals.rules.dailyUsed', { used: todayCount, max: r.dayCount })}{' '}
          {todayCount !== null && todayCount > r.dayCount ? <Badge tone="bad">{t('withdrawals.rules.overDaily')}</Badge> : null}
        </span>
      ),
    ],
    [
      t('withdrawals.rules.window'),
      r.window.limited ? t('withdrawals.rules.windowRange', { start: r.window.start, end: r.window.end, tz: r.offset }) : t('withdrawals.rules.anyTime'),
    ],
    [
      t('withdrawals.rules.kyc'),
      tier === null ? (
        user.isError ? (
          t('withdrawals.rules.kycUnknown')
        ) : (
          '…'
        )
      ) : (
        <span>
          {t(`withdrawals.rules.tier.${tier}`)} · {limit === null ? t('withdrawals.rules.noKycLimit') : t('withdrawals.rules.kycLimit', { limit })}
        </span>
      ),
    ],
    [
      t('withdrawals.rules.proofs'),
      [r.checkPass ? t('withdrawals.rules.checkPass') : null, r.checkCode ? t('withdrawals.rules.checkCode') : null, r.sameAddress ? t('withdrawals.rules.sameAddress') : null]
        .filter(Boolean)
        .join(' · ') || t('withdrawals.rules.noProofs'),
    ],
  ];
  if (!r.channelKnown) items.unshift([t('withdrawals.channel'), <Badge tone="warn">{t('withdrawals.rules.channelGone')}</Badge>]);
  else if (!r.channelOpen) items.unshift([t('withdrawals.channel'), <Badge tone="warn">{t('withdrawals.rules.channelClosed')}</Badge>]);

  return (
    <div className="cq-rules" data-testid="withdrawal-rules">
      <h3 className="cq-h3">{t('withdrawals.rules.title')}</h3>
      <Facts items={items} />
      <p className="cq-muted cq-small">{t('withdrawals.rules.note')}</p>
    </div>
  );
}

/** The user's latest withdrawals and deposit claims, every status. */
function Recent({ row }: { row: AdminWithdrawal }) {
  const { t } = useTexts();
  const withdrawals = useQuery({
    queryKey: [...withdrawalsKey, 'user', row.userId, 'history'],
    queryFn: () => history<AdminWithdrawal>('/api/admin/withdrawals', row.userId, ['pending', 'approved', 'rejected'], () => true),
  });
  const deposits = useQuery({
    queryKey: ['console', 'deposits', 'user', row.userId, 'history'],
    queryFn: () => history<AdminDeposit>('/api/admin/deposits', row.userId, ['pending', 'confirmed', 'rejected'], (s) => s === 'pending'),
  });
  return (
    <div className="cq-stack cq-recent">
      <section className="cq-panel" aria-label={t('withdrawals.recent.withdrawals')} data-testid="recent-withdrawals">
        <div className="cq-panel-head">
          <h3 className="cq-h3">{t('withdrawals.recent.withdrawals')}</h3>
          {withdrawals.data ? (
            <span className="cq-muted cq-small">
              {t('withdrawals.recent.totalsW', {
                approved: withdrawals.data.totals.approved ?? 0,
                rejected: withdrawals.data.totals.rejected ?? 0,
                pending: withdrawals.data.totals.pending ?? 0,
              })}
            </span>
          ) : null}
        </div>
        {withdrawals.isError ? (
          <LoadError error={withdrawals.error} />
        ) : !withdrawals.data ? (
          <Loading />
        ) : withdrawals.data.rows.length === 0 ? (
          <Empty>{t('common.empty')}</Empty>
        ) : (
          <table className="cq-table cq-table-compact">
            <tbody>
              {withdrawals.data.rows.slice(0, RECENT).map((w) => (
                <tr key={w.id} className={w.id === row.id ? 'cq-row-this' : undefined}>
                  <td className="cq-num">#{w.id}</td>
                  <td className="cq-small cq-nowrap">
                    <When value={w.createTime} />
                  </td>
                  <td>{w.channel}</td>
                  <td className="cq-end">
                    <Amount value={w.amount} coin={w.coin} />
                  </td>
                  <td>
                    <StatusBadge status={w.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="cq-panel" aria-label={t('withdrawals.recent.deposits')} data-testid="recent-deposits">
        <div className="cq-panel-head">
          <h3 className="cq-h3">{t('withdrawals.recent.deposits')}</h3>
          {deposits.data ? (
            <span className="cq-muted cq-small">
              {t('withdrawals.recent.totalsD', {
                confirmed: deposits.data.totals.confirmed ?? 0,
                rejected: deposits.data.totals.rejected ?? 0,
                pending: deposits.data.totals.pending ?? 0,
              })}
            </span>
          ) : null}
        </div>
        {deposits.isError ? (
          <LoadError error={deposits.error} />
        ) : !deposits.data ? (
          <Loading />
        ) : deposits.data.rows.length === 0 ? (
          <Empty>{t('withdrawals.recent.noDeposits')}</Empty>
        ) : (
          <table className="cq-table cq-table-compact">
            <tbody>
              {deposits.data.rows.slice(0, RECENT).map((d) => (
                <tr key={d.id}>
                  <td className="cq-num">#{d.id}</td>
                  <td className="cq-small cq-nowrap">
                    <When value={d.createTime} />
                  </td>
                  <td>{d.network}</td>
                  <td className="cq-end">
                    <Amount value={d.amount} coin={d.coin} />
                  </td>
                  <td>
                    <StatusBadge status={d.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
