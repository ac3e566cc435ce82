import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr, Page, Tabs } from '@/shared/ui';
import { getWithdrawals } from '../api/withdraw';
import type { Withdrawal, WithdrawalStatus } from '@/features/wallet/types';
import { PagedList } from '@/shared/ui/PagedList';
import { StatusChip } from '../components/StatusChip';
import { dateTime } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import '@/shared/ui/wallet.css';

type Filter = 'all' | WithdrawalStatus;
const FILTERS: Filter[] = ['all', 'pending', 'approved', 'rejected'];

export default function WithdrawRecordsScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const status = filter === 'all' ? undefined : filter;
  return (
    <Page title={t('withdrawRecords_title')} testId="screen-withdrawRecords">
      <div className="stack">
        <Tabs items={FILTERS.map((f) => ({ key: f, label: f === 'all' ? t('all') : t(`status_${f}`) }))} value={filter} onChange={setFilter} testId="withdraw-filter" />
        <PagedList<Withdrawal>
          queryKey={['wallet', 'withdrawals', filter]}
          fetchPage={(n, size) => getWithdrawals(n, size, status)}
          itemKey={(w) => w.id}
          testId="withdraw-records"
          renderItem={(w) => <WithdrawalRow w={w} />}
        />
      </div>
    </Page>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = w.coin.toUpperCase();
  return (
    <div className="list-item record" data-testid="withdrawal-row" data-id={w.id} data-status={w.status}>
      <span className="list-main">
        <span className="row-between">
          <span className="list-title" style={{ color: 'var(--text)' }}>
            <Ltr>{money.amount(`-${w.amount}`, coin)}</Ltr> {coin}
          </span>
          <StatusChip status={w.status} testId="withdrawal-status" />
        </span>
        <span className="muted small">
          {w.channel} · {t('record_feeNet', { fee: money.amount(w.fee, coin), net: money.amount(w.netAmount, coin), coin })}
        </span>
        {w.separateFee && w.separateFeeCoin ? (
          <span className="muted small">{t('withdraw_quoteSeparateFee')}: <Ltr>{money.amount(w.separateFee, w.separateFeeCoin)}</Ltr> {w.separateFeeCoin.toUpperCase()}</span>
        ) : null}
        <span className="muted small mono ellipsis">{t('record_address', { address: w.address })}</span>
        {w.txHash ? (
          <span className="small mono ellipsis" data-testid="withdrawal-txhash">
            {t('record_txHash', { hash: w.txHash })}
          </span>
        ) : null}
        {w.status === 'rejected' && w.reason ? (
          <span className="small down" data-testid="withdrawal-reason">
            {t('record_reason', { reason: w.reason })}
          </span>
        ) : null}
        <span className="list-time">
          <bdi>{dateTime(w.createTime)}</bdi>
          {w.reviewTime ? ` · ${t('record_reviewed', { time: dateTime(w.reviewTime) })}` : ''}
        </span>
      </span>
    </div>
  );
}
