// The user's money on the user page: each wallet's balance per asset with
// what the products hold of its frozen part, and the ledger postings that
// made it, newest first. For operators who review funds.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { components } from '@/shared/api/schema';
import { adminApi } from '../../api';
import { fmtDateTime, fmtNumber } from '../../format';
import { SortTh } from '../../layout/sort';
import { Badge, Empty, ErrorNote, Loading } from '../../layout/ui';
import type { CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { PagedRows } from './PagedRows';
import { keyFor } from '../../keys';

type UserBalances = components['schemas']['UserBalances'];
type UserPosting = components['schemas']['UserPosting'];

export function Balances({ userId, t, lang }: { userId: number; t: CT; lang: ConsoleLanguage }) {
  const q = useQuery({
    queryKey: ['console', 'user-balances', userId],
    queryFn: () => adminApi.get<UserBalances>(`/api/admin/users/${userId}/balances`),
  });
  if (q.isPending) return <Loading />;
  if (q.isError) return <ErrorNote error={q.error} onRetry={() => void q.refetch()} />;
  const { accounts, holds } = q.data;
  return (
    <div data-testid="user-balances">
      {accounts.length === 0 ? (
        <Empty>{t('users.balances.none')}</Empty>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('users.balances.wallet')}</th>
                <th>{t('users.balances.asset')}</th>
                <th className="c-right">{t('users.balances.available')}</th>
                <th className="c-right">{t('users.balances.frozen')}</th>
                <th className="c-right">{t('users.balances.held')}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={`${a.wallet}-${a.asset}`} data-testid="balance-row">
                  <td>{t(keyFor('users.wallet.', a.wallet), { defaultValue: a.wallet })}</td>
                  <td className="c-coin">{a.asset}</td>
                  <td className="c-right c-num">{fmtNumber(a.available, lang)}</td>
                  <td className="c-right c-num">{fmtNumber(a.frozen, lang)}</td>
                  <td className="c-right c-num">
                    {fmtNumber(a.held, lang)}
                    {a.held !== a.frozen ? (
                      <>
                        {' '}
                        <Badge tone="bad">{t('users.balances.differs')}</Badge>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="c-subsection__title">{t('users.holds.title')}</h3>
      {holds.length === 0 ? (
        <Empty>{t('users.holds.none')}</Empty>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('users.holds.kind')}</th>
                <th>{t('users.balances.wallet')}</th>
                <th>{t('users.balances.asset')}</th>
                <th className="c-right">{t('users.holds.count')}</th>
                <th className="c-right">{t('users.holds.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {holds.map((h) => (
                <tr key={`${h.kind}-${h.wallet}-${h.asset}`} data-testid="hold-row">
                  <td>{t(keyFor('users.holds.kind.', h.kind), { defaultValue: h.kind })}</td>
                  <td>{t(keyFor('users.wallet.', h.wallet), { defaultValue: h.wallet })}</td>
                  <td className="c-coin">{h.asset}</td>
                  <td className="c-right c-mono">{h.count}</td>
                  <td className="c-right c-num">{fmtNumber(h.amount, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const DIRECTION_TONE: Record<string, 'ok' | 'bad' | 'muted'> = { in: 'ok', out: 'bad', own: 'muted' };

/** A side of a posting: the user's wallet and bucket, or the other account (another user's links to their page). */
function Side({ label, bucket, otherUser, t }: { label: string; bucket: string; otherUser: number | null; t: CT }) {
  const text = otherUser !== null ? <Link to={`/users/${otherUser}`}>{label}</Link> : t(keyFor('users.wallet.', label), { defaultValue: label });
  return (
    <span>
      {text}
      {bucket === 'frozen' ? <span className="c-muted c-small"> ({t('users.balances.frozen')})</span> : null}
    </span>
  );
}

export function Postings({ userId, t, lang }: { userId: number; t: CT; lang: ConsoleLanguage }) {
  const other = (id: number | null | undefined) => (id !== null && id !== undefined && id !== userId ? id : null);
  return (
    <PagedRows<UserPosting>
      testId="user-postings"
      queryKey={['console', 'user-postings', userId]}
      url={`/api/admin/users/${userId}/postings`}
      pageSize={20}
      empty={t('users.postings.none')}
      defaultSort={{ orderBy: 'id', order: 'desc' }}
      head={(s) => (
        <tr>
          <SortTh column="id" first="desc" className="c-right" {...s}>
            #
          </SortTh>
          <SortTh column="createTime" first="desc" {...s}>
            {t('users.postings.time')}
          </SortTh>
          <SortTh column="kind" {...s}>
            {t('users.postings.kind')}
          </SortTh>
          <th>{t('users.postings.direction')}</th>
          <SortTh column="amount" first="desc" className="c-right" {...s}>
            {t('users.postings.amount')}
          </SortTh>
          <th>{t('users.postings.from')}</th>
          <th>{t('users.postings.to')}</th>
          <th>{t('users.postings.reference')}</th>
        </tr>
      )}
      row={(p) => (
        <tr key={p.id} data-testid="posting-row">
          <td className="c-right c-mono" title={t('users.postings.tx', { id: p.txId })}>
            {p.id}
          </td>
          <td className="c-mono c-small c-nowrap">{fmtDateTime(p.createTime)}</td>
          <td>{p.kind}</td>
          <td>
            <Badge tone={DIRECTION_TONE[p.direction] ?? 'muted'}>{t(keyFor('users.postings.dir.', p.direction), { defaultValue: p.direction })}</Badge>
          </td>
          <td className="c-right c-num">
            {fmtNumber(p.amount, lang)} <span className="c-muted c-small">{p.asset}</span>
          </td>
          <td className="c-small">
            <Side label={p.from} bucket={p.fromBucket} otherUser={other(p.fromUserId)} t={t} />
          </td>
          <td className="c-small">
            <Side label={p.to} bucket={p.toBucket} otherUser={other(p.toUserId)} t={t} />
          </td>
          <td className="c-mono c-small">{p.reference}</td>
        </tr>
      )}
    />
  );
}
