// Deposit claims: the queue (server-paged), one claim with its screenshot,
// the other users' claims of the same transfer side by side (the server
// lists them as `conflictsWith`; one transfer is credited once), and the
// decision. Confirming credits the amount the user claimed, so the operator
// types the amount that actually arrived and the page refuses a mismatch
// before anything is sent.
import { useState, type ReactNode } from 'react';
import Decimal from 'decimal.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { DocumentView, fileIdOf } from './common/DocumentView';
import { nextAfter, useQueueParams } from './common/paging';
import { StatusBadge } from './common/status';
import { useTexts } from './common/texts';
import { QueueHead, QueueList, useQueueList } from './common/QueueList';
import type { AdminDeposit, RivalClaim } from './common/types';
import { UserName } from './common/UserName';
import { Amount, Answer, Badge, Empty, Facts, hasReason, LoadError, Mono, ReasonField, shorten, When } from './common/ui';
import './common/queues.css';

const STATUSES = ['pending', 'confirmed', 'rejected'] as const;
type Decision = 'confirm' | 'reject';

export const depositsKey = ['console', 'deposits'] as const;

/** Whether `typed` is a plain decimal equal to `claimed` ("100" equals "100.00"); null when it is not a number. */
export function sameAmount(typed: string, claimed: string): boolean | null {
  const text = typed.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    return new Decimal(text).eq(new Decimal(claimed));
  } catch {
    return null;
  }
}

interface Outcome {
  decision: Decision;
  row: AdminDeposit;
  /** deposit.confirm / deposit.reject on deposit:<id> (crates/wallet/src/deposit_reviews.rs). */
  audit: AuditWrite;
}

export default function DepositQueuePage() {
  const { t } = useTexts();
  const queue = useQueueParams(STATUSES, 'pending', ['id', 'userId', 'amount', 'createTime']);
  const { status, page, id, sort, update } = queue;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useQueueList<AdminDeposit>([...depositsKey, 'list'], '/api/admin/deposits', status, page, sort);
  const rows = list.data?.rows ?? [];
  const openId = id ?? rows[0]?.id ?? null;
  const fromList = rows.find((r) => r.id === openId);
  const detail = useQuery({
    queryKey: [...depositsKey, 'one', openId],
    queryFn: () => adminApi.get<AdminDeposit>(`/api/admin/deposits/${openId}`),
    enabled: openId !== null,
    placeholderData: fromList,
  });
  const current = detail.data;

  return (
    <div className="cq-page" data-testid="page-deposits">
      <QueueHead
        title={t('deposits.title')}
        subtitle={t('deposits.subtitle')}
        statuses={STATUSES}
        tabLabel={(s) => t(`deposits.tab.${s}`)}
        queue={queue}
      />
      {outcome ? (
        <Answer
          ok={
            <>
              {outcome.decision === 'confirm'
                ? t(outcome.row.bonus ? 'deposits.done.confirmedBonus' : 'deposits.done.confirmed', {
                    id: outcome.row.id,
                    amount: outcome.row.amount,
                    coin: outcome.row.coin,
                    user: outcome.row.userId,
                    bonus: outcome.row.bonus ?? '',
                  })
                : t('deposits.done.rejected', { id: outcome.row.id })}{' '}
              <AuditMade write={outcome.audit} />
            </>
          }
          onDismiss={() => setOutcome(null)}
        />
      ) : null}
      <div className="cq-split">
        <QueueList
          label={t('deposits.list')}
          heading={t(`deposits.tab.${status}`)}
          list={list}
          empty={status === 'pending' ? t('deposits.emptyPending') : t('common.empty')}
          columns={[
            { column: 'id', label: '#' },
            { column: 'userId', label: t('deposits.col.claim') },
            { column: 'amount', label: t('deposits.col.amount'), first: 'desc', className: 'cq-end' },
            { column: 'createTime', label: t('deposits.col.submitted') },
          ]}
          // The server's own order: the pending queue oldest first, decided claims newest first.
          ownSort={{ orderBy: 'id', order: status === 'pending' ? 'asc' : 'desc' }}
          rowTestId={(r) => `deposit-row-${r.id}`}
          openId={openId}
          queue={queue}
          cells={(r) => (
            <>
              <td className="cq-num">{r.id}</td>
              <td>
                <div>
                  {t('common.userId', { id: r.userId })} · {r.network}
                </div>
                <div className="cq-muted cq-small">
                  <Mono>{shorten(r.txHash)}</Mono>
                  {r.conflictsWith.length > 0 ? (
                    <>
                      {' '}
                      <Badge tone="bad">{t('deposits.doubleBadge', { n: r.conflictsWith.length + 1 })}</Badge>
                    </>
                  ) : null}
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
        <section className="cq-detail" aria-label={t('deposits.detail')}>
          {current ? (
            <DepositReview
              key={current.id}
              row={current}
              onOpen={(other) => update({ id: other })}
              onDone={(decision, row, reason) => {
                setOutcome({ decision, row, audit: auditWrite(`deposit.${decision}`, `deposit:${row.id}`, reason) });
                update({ id: nextAfter(rows, row.id) });
              }}
            />
          ) : detail.isError ? (
            <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
          ) : list.isPending || detail.isFetching ? null : (
            <div className="cq-panel">
              <Empty>{t('deposits.nothingOpen')}</Empty>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function DepositReview({ row, onDone, onOpen }: { row: AdminDeposit; onDone: (d: Decision, row: AdminDeposit, reason: string) => void; onOpen: (id: number) => void }) {
  const { t } = useTexts();
  const qc = useQueryClient();
  const [received, setReceived] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const decide = useMutation({
    mutationFn: (d: Decision) => adminApi.post<AdminDeposit>(`/api/admin/deposits/${row.id}/${d}`, { reason: reason.trim() }),
    onSuccess: (answer, d) => {
      void qc.invalidateQueries({ queryKey: depositsKey });
      onDone(d, answer, reason.trim());
    },
  });
  const rivals = row.conflictsWith;
  const credited = rivals.find((r) => r.status === 'confirmed');
  const pending = row.status === 'pending';

  const act = (d: Decision) => {
    const next: { amount?: string; reason?: string } = {};
    if (d === 'confirm') {
      const same = sameAmount(received, row.amount);
      if (received.trim() === '') next.amount = t('deposits.amount.missing');
      else if (same === null) next.amount = t('deposits.amount.notNumber');
      else if (!same) next.amount = t('deposits.amount.mismatch', { typed: received.trim(), claimed: row.amount, coin: row.coin });
    }
    if (!hasReason(reason)) next.reason = t(d === 'confirm' ? 'deposits.reasonNeeded.confirm' : 'deposits.reasonNeeded.reject');
    setErrors(next);
    if (next.amount || next.reason) return;
    decide.mutate(d);
  };

  const facts: [ReactNode, ReactNode][] = [
    [t('common.user'), <UserName id={row.userId} />],
    [t('deposits.claimed'), <Amount value={row.amount} coin={row.coin} strong />],
    [t('deposits.network'), row.network],
    [t('deposits.address'), <Mono>{row.address}</Mono>],
    [t('deposits.txHash'), <Mono>{row.txHash}</Mono>],
    [t('deposits.col.submitted'), <When value={row.createTime} />],
  ];
  if (row.reviewTime) facts.push([t('deposits.reviewed'), <When value={row.reviewTime} />]);
  if (row.bonus) facts.push([t('deposits.bonus'), <Amount value={row.bonus} coin={row.coin} />]);
  if (row.reason) facts.push([t('deposits.givenReason'), row.reason]);

  return (
    <article className="cq-panel cq-review" data-testid="deposit-review">
      <div className="cq-panel-head">
        <h2>
          {t('deposits.claim', { id: row.id })} <StatusBadge status={row.status} />
        </h2>
        {row.contested ? <Badge tone="bad">{t('deposits.contested')}</Badge> : null}
      </div>

      {rivals.length > 0 ? (
        <div className="cq-warning" role="alert" data-testid="double-claim">
          <strong>{t('deposits.double.title', { n: rivals.length + 1 })}</strong>
          <p>{t('deposits.double.body')}</p>
          {credited ? <p className="cq-strong">{t('deposits.double.credited', { id: credited.id, user: credited.userId })}</p> : null}
        </div>
      ) : null}

      {rivals.length > 0 ? (
        <Compare row={row} rivals={rivals} onOpen={onOpen} />
      ) : (
        <div className="cq-cols-2">
          <Facts items={facts} />
          <DocumentView fileId={fileIdOf(row.screenshot)} label={t('deposits.screenshot')} tall />
        </div>
      )}

      {pending ? (
        <form className="cq-decide" onSubmit={(e) => e.preventDefault()}>
          <h3 className="cq-h3">{t('deposits.decide')}</h3>
          <div className={`cq-field${errors.amount ? ' cq-field-invalid' : ''}`}>
            <label htmlFor="dq-received" className="cq-label">
              {t('deposits.amount.label', { coin: row.coin })} <span className="cq-required">{t('common.required')}</span>
            </label>
            <div className="cq-amount-row">
              <input
                id="dq-received"
                className="cq-input cq-num"
                inputMode="decimal"
                autoComplete="off"
                value={received}
                onChange={(e) => {
                  setReceived(e.target.value);
                  if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
                }}
                aria-invalid={errors.amount ? true : undefined}
                data-testid="received-amount"
              />
              <span className="cq-muted cq-small">
                {t('deposits.amount.claimedIs')} <Amount value={row.amount} coin={row.coin} strong />
              </span>
            </div>
            <div className="cq-field-foot">
              {errors.amount ? (
                <span className="cq-field-error" role="alert" data-testid="amount-error">
                  {errors.amount}
                </span>
              ) : (
                <span className="cq-muted">{t('deposits.amount.hint')}</span>
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
            hint={t('deposits.reasonHint')}
            disabled={decide.isPending}
          />
          <Answer error={decide.error} />
          <div className="cq-actions">
            <button
              type="button"
              className="cq-btn cq-btn-ok"
              disabled={decide.isPending || !!credited}
              title={credited ? t('deposits.double.credited', { id: credited.id, user: credited.userId }) : undefined}
              onClick={() => act('confirm')}
              data-testid="deposit-confirm"
            >
              {t('deposits.confirm')}
            </button>
            <button type="button" className="cq-btn cq-btn-bad" disabled={decide.isPending} onClick={() => act('reject')} data-testid="deposit-reject">
              {t('deposits.reject')}
            </button>
          </div>
        </form>
      ) : (
        <p className="cq-muted">{t('deposits.decided')}</p>
      )}
    </article>
  );
}

/** This claim and the others of the same transfer in columns; what differs from this one is marked. */
function Compare({ row, rivals, onOpen }: { row: AdminDeposit; rivals: RivalClaim[]; onOpen: (id: number) => void }) {
  const { t } = useTexts();
  const claims: (RivalClaim & { self: boolean })[] = [
    { id: row.id, userId: row.userId, network: row.network, address: row.address, amount: row.amount, screenshot: row.screenshot, status: row.status, createTime: row.createTime, self: true },
    ...rivals.map((r) => ({ ...r, self: false })),
  ];
  const differs = (a: string, b: string) => a.trim() !== b.trim();
  const amountDiffers = (a: string) => sameAmount(a, row.amount) === false;
  return (
    <div className="cq-compare" style={{ gridTemplateColumns: `150px repeat(${claims.length}, minmax(0, 1fr))` }} data-testid="compare">
      <div className="cq-compare-label">{t('deposits.txHash')}</div>
      <div className="cq-compare-wide" style={{ gridColumn: `span ${claims.length}` }}>
        <Mono>{row.txHash}</Mono>
      </div>
      <div className="cq-compare-label" />
      {claims.map((c) => (
        <div key={c.id} className={`cq-compare-head${c.self ? ' cq-compare-self' : ''}`} data-testid={`compare-claim-${c.id}`}>
          <span className="cq-strong">{t('deposits.claim', { id: c.id })}</span>
          {c.self ? (
            <Badge tone="info">{t('deposits.thisClaim')}</Badge>
          ) : (
            <button type="button" className="cq-link" onClick={() => onOpen(c.id)}>
              {t('deposits.openClaim')}
            </button>
          )}
        </div>
      ))}
      <Line label={t('common.user')}>
        {claims.map((c) => (
          <Cell key={c.id}>
            <UserName id={c.userId} />
          </Cell>
        ))}
      </Line>
      <Line label={t('common.status')}>
        {claims.map((c) => (
          <Cell key={c.id}>
            <StatusBadge status={c.status} />
          </Cell>
        ))}
      </Line>
      <Line label={t('deposits.claimed')}>
        {claims.map((c) => (
          <Cell key={c.id} odd={!c.self && amountDiffers(c.amount)}>
            <Amount value={c.amount} coin={row.coin} strong />
          </Cell>
        ))}
      </Line>
      <Line label={t('deposits.network')}>
        {claims.map((c) => (
          <Cell key={c.id} odd={!c.self && differs(c.network, row.network)}>
            {c.network}
          </Cell>
        ))}
      </Line>
      <Line label={t('deposits.address')}>
        {claims.map((c) => (
          <Cell key={c.id} odd={!c.self && differs(c.address, row.address)}>
            <Mono>{c.address}</Mono>
          </Cell>
        ))}
      </Line>
      <Line label={t('deposits.col.submitted')}>
        {claims.map((c) => (
          <Cell key={c.id}>
            <When value={c.createTime} />
          </Cell>
        ))}
      </Line>
      <Line label={t('deposits.screenshot')}>
        {claims.map((c) => (
          <Cell key={c.id}>
            <DocumentView fileId={fileIdOf(c.screenshot)} label={t('deposits.screenshotOf', { id: c.id })} />
          </Cell>
        ))}
      </Line>
    </div>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <div className="cq-compare-label">{label}</div>
      {children}
    </>
  );
}

function Cell({ children, odd }: { children: ReactNode; odd?: boolean }) {
  const { t } = useTexts();
  return (
    <div className={`cq-compare-cell${odd ? ' cq-compare-odd' : ''}`} title={odd ? t('deposits.differs') : undefined}>
      {children}
    </div>
  );
}
