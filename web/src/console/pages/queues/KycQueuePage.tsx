// Verification review: the queue of submissions (server-paged, oldest
// first), and one submission beside it with the applicant, the documents
// shown inside the page and the decision with its reason (the user reads it).
import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { DocumentView } from './common/DocumentView';
import { nextAfter, useQueueParams } from './common/paging';
import { StatusBadge } from './common/status';
import { useTexts } from './common/texts';
import { QueueHead, QueueList, useQueueList } from './common/QueueList';
import type { KycRow } from './common/types';
import { UserName, useUserDetail } from './common/UserName';
import { Answer, Badge, Empty, Facts, hasReason, Loading, Mono, ReasonField, When } from './common/ui';
import './common/queues.css';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
type Decision = 'approve' | 'reject';

export const kycKey = ['console', 'kyc'] as const;

interface Outcome {
  id: number;
  decision: Decision;
  name: string;
  /** kyc.approve / kyc.reject on kyc:<id> (crates/account/src/kyc_reviews.rs). */
  audit: AuditWrite;
}

export default function KycQueuePage() {
  const { t } = useTexts();
  const queue = useQueueParams(STATUSES, 'pending', ['id', 'userId', 'tier', 'createTime']);
  const { status, page, id, sort, update } = queue;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useQueueList<KycRow>(kycKey, '/api/admin/kyc', status, page, sort);
  const rows = list.data?.rows ?? [];
  const current = id === null ? rows[0] : rows.find((r) => r.id === id);

  return (
    <div className="cq-page" data-testid="page-kyc">
      <QueueHead
        title={t('kyc.title')}
        subtitle={t('kyc.subtitle')}
        statuses={STATUSES}
        tabLabel={(s) => t(`kyc.tab.${s}`)}
        queue={queue}
      />
      {outcome ? (
        <Answer
          ok={
            <>
              {t(outcome.decision === 'approve' ? 'kyc.done.approved' : 'kyc.done.rejected', { id: outcome.id, name: outcome.name })} <AuditMade write={outcome.audit} />
            </>
          }
          onDismiss={() => setOutcome(null)}
        />
      ) : null}
      <div className="cq-split">
        <QueueList
          label={t('kyc.list')}
          heading={t(`kyc.tab.${status}`)}
          list={list}
          empty={status === 'pending' ? t('kyc.emptyPending') : t('common.empty')}
          columns={[
            { column: 'id', label: '#' },
            { column: 'userId', label: t('kyc.col.applicant') },
            { column: 'tier', label: t('kyc.col.tier') },
            { column: 'createTime', label: t('kyc.col.submitted') },
          ]}
          // The server's own order: oldest first, the queue order.
          ownSort={{ orderBy: 'createTime', order: 'asc' }}
          rowTestId={(r) => `kyc-row-${r.id}`}
          openId={current?.id}
          queue={queue}
          cells={(r) => (
            <>
              <td className="cq-num">{r.id}</td>
              <td>
                <div className="cq-strong">{r.realName}</div>
                <div className="cq-muted cq-small">
                  {t('common.userId', { id: r.userId })} · {r.country}
                </div>
              </td>
              <td>
                <Badge tone={r.tier === 2 ? 'info' : 'neutral'}>{t(r.tier === 2 ? 'kyc.tier.advanced' : 'kyc.tier.primary')}</Badge>
              </td>
              <td className="cq-small">
                <When value={r.createTime} />
              </td>
            </>
          )}
        />
        <section className="cq-detail" aria-label={t('kyc.detail')}>
          {current ? (
            <KycReview
              key={current.id}
              row={current}
              onDone={(decision, reason) => {
                setOutcome({ id: current.id, decision, name: current.realName, audit: auditWrite(`kyc.${decision}`, `kyc:${current.id}`, reason) });
                update({ id: nextAfter(rows, current.id) });
              }}
            />
          ) : list.isPending ? null : (
            <div className="cq-panel">
              <Empty>{id !== null && rows.length > 0 ? t('common.notOnPage', { id }) : t('kyc.nothingOpen')}</Empty>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function KycReview({ row, onDone }: { row: KycRow; onDone: (d: Decision, reason: string) => void }) {
  const { t } = useTexts();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const user = useUserDetail(row.userId);
  const decide = useMutation({
    mutationFn: (d: Decision) => adminApi.post<null>(`/api/admin/kyc/${row.id}/${d}`, { reason: reason.trim() }),
    onSuccess: (_, d) => {
      void qc.invalidateQueries({ queryKey: kycKey });
      void qc.invalidateQueries({ queryKey: ['console', 'user', row.userId] });
      onDone(d, reason.trim());
    },
  });
  const act = (d: Decision) => {
    if (!hasReason(reason)) {
      setReasonError(t(d === 'approve' ? 'kyc.reasonNeeded.approve' : 'kyc.reasonNeeded.reject'));
      return;
    }
    setReasonError(null);
    decide.mutate(d);
  };
  const pending = row.status === 'pending';
  const others = (user.data?.kycSubmissions ?? []).filter((k) => k.id !== row.id);
  const applicant: [ReactNode, ReactNode][] = [
    [t('kyc.realName'), <span className="cq-strong">{row.realName}</span>],
    [t('kyc.idNumber'), <Mono>{row.idNumber}</Mono>],
    [t('kyc.country'), row.country],
    [t('kyc.col.submitted'), <When value={row.createTime} />],
  ];
  if (row.reviewedAt) applicant.push([t('kyc.reviewedAt'), <When value={row.reviewedAt} />]);
  if (row.reason) applicant.push([t('kyc.givenReason'), row.reason]);
  const docs = [
    { ref: row.frontFile, label: t('kyc.doc.front') },
    { ref: row.backFile, label: t('kyc.doc.back') },
    { ref: row.handFile, label: t('kyc.doc.hand') },
  ].filter((d, i) => d.ref || i === 0 || row.tier === 2);

  return (
    <article className="cq-panel cq-review" data-testid="kyc-review">
      <div className="cq-panel-head">
        <h2>
          {t('kyc.submission', { id: row.id })} <StatusBadge status={row.status} />
        </h2>
        <Badge tone={row.tier === 2 ? 'info' : 'neutral'}>{t(row.tier === 2 ? 'kyc.tier.advanced' : 'kyc.tier.primary')}</Badge>
      </div>

      <div className="cq-cols-2">
        <div>
          <h3 className="cq-h3">{t('kyc.applicant')}</h3>
          <Facts items={applicant} />
        </div>
        <div>
          <h3 className="cq-h3">{t('kyc.account')}</h3>
          {user.isError ? (
            <p className="cq-muted cq-small">{t('kyc.accountUnavailable')}</p>
          ) : !user.data ? (
            <Loading />
          ) : (
            <Facts
              items={[
                [t('common.user'), <UserName id={row.userId} />],
                [t('kyc.contact'), [user.data.user.email, user.data.user.phone].filter(Boolean).join(' · ') || '—'],
                [t('kyc.accountStatus'), <StatusWord status={user.data.user.status} />],
                [t('kyc.registered'), <span><When value={user.data.user.createTime} /> · <Mono>{user.data.user.registerIp}</Mono></span>],
                [
                  t('kyc.earlier'),
                  others.length === 0 ? (
                    t('kyc.earlierNone')
                  ) : (
                    <ul className="cq-plain">
                      {others.slice(0, 4).map((k) => (
                        <li key={k.id}>
                          #{k.id} {t(k.tier === 2 ? 'kyc.tier.advanced' : 'kyc.tier.primary')} <StatusBadge status={k.status} />{' '}
                          <span className="cq-muted cq-small">
                            <When value={k.createTime} />
                            {k.reason ? ` · ${k.reason}` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ),
                ],
              ]}
            />
          )}
        </div>
      </div>

      <h3 className="cq-h3">{t('kyc.documents')}</h3>
      <div className={`cq-docs cq-docs-${docs.length}`}>
        {docs.map((d) => (
          <DocumentView key={d.label} fileId={d.ref?.id ?? null} label={d.label} />
        ))}
      </div>

      {pending ? (
        <form
          className="cq-decide"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <h3 className="cq-h3">{t('kyc.decide')}</h3>
          <ReasonField
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (reasonError && hasReason(v)) setReasonError(null);
            }}
            error={reasonError}
            hint={t('kyc.reasonHint')}
            disabled={decide.isPending}
          />
          <Answer error={decide.error} />
          <div className="cq-actions">
            <button type="button" className="cq-btn cq-btn-ok" disabled={decide.isPending} onClick={() => act('approve')} data-testid="kyc-approve">
              {t('kyc.approve')}
            </button>
            <button type="button" className="cq-btn cq-btn-bad" disabled={decide.isPending} onClick={() => act('reject')} data-testid="kyc-reject">
              {t('kyc.reject')}
            </button>
          </div>
        </form>
      ) : (
        <p className="cq-muted">{t('kyc.decided')}</p>
      )}
    </article>
  );
}

function StatusWord({ status }: { status: string }) {
  const { t } = useTexts();
  if (status === 'frozen') return <Badge tone="bad">{t('kyc.frozen')}</Badge>;
  if (status === 'active') return <Badge tone="ok">{t('kyc.active')}</Badge>;
  return <Badge>{status}</Badge>;
}
