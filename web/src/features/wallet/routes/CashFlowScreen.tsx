import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr, Page } from '@/shared/ui';
import { toDecimal } from '@/shared/format/number';
import { useAssetBalance } from '@/features/wallet/balances';
import { getFinancialRecords } from '../api/records';
import { POSTING_KINDS, type FinancialRecord } from '@/features/wallet/types';
import { PagedList } from '@/shared/ui/PagedList';
import { dateTime } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import { bucketLabel, isHoldMove, partyLabel, recordLabel } from '../lib/record-label';
import '@/shared/ui/wallet.css';

export default function CashFlowScreen() {
  const { t } = useTranslation();
  const [coin, setCoin] = useState('');
  const [type, setType] = useState('');
  const { data: balance } = useAssetBalance();
  const coins = useMemo(() => {
    const set = new Set<string>();
    balance?.wallets.forEach((w) => w.assets.forEach((a) => set.add(a.coin.toUpperCase())));
    return [...set].sort();
  }, [balance]);
  return (
    <Page title={t('cashflow_title')} testId="screen-cashflow">
      <div className="stack">
        <div className="filters">
          <label className="field">
            <span className="field-label">{t('cashflow_coin')}</span>
            <select className="field-box select-native" value={coin} onChange={(e) => setCoin(e.target.value)} data-testid="cashflow-coin">
              <option value="">{t('all')}</option>
              {coins.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">{t('cashflow_type')}</span>
            <select className="field-box select-native" value={type} onChange={(e) => setType(e.target.value)} data-testid="cashflow-type">
              <option value="">{t('all')}</option>
              {POSTING_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`posting_${k}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <PagedList<FinancialRecord>
          queryKey={['wallet', 'cashflow', coin, type]}
          fetchPage={(n, size) => getFinancialRecords(n, size, { coin, type })}
          itemKey={(r) => r.id}
          testId="cashflow-list"
          renderItem={(r) => <RecordRow r={r} />}
        />
      </div>
    </Page>
  );
}

function RecordRow({ r }: { r: FinancialRecord }) {
  const { t } = useTranslation();
  const money = useMoney();
  const change = toDecimal(r.change);
  const sign = change && change.gt(0) ? 'up' : change && change.lt(0) ? 'down' : '';
  const label = recordLabel(r);
  const party = (name: string) => {
    const key = partyLabel(name);
    return key ? t(key) : name;
  };
  const flow = isHoldMove(r)
    ? t('rec_holdMove', { wallet: party(r.from), from: t(bucketLabel(r.fromBucket)), to: t(bucketLabel(r.toBucket)) })
    : t('rec_flow', { from: party(r.from), to: party(r.to) });
  // A move between the user's own accounts changes nothing in total: its amount shows unsigned.
  const shown = change && !change.isZero() ? money.amount(r.change, r.coin, { sign: 'always' }) : money.amount(r.amount, r.coin);
  return (
    <div className="list-item record" data-testid="cashflow-row" data-type={r.type} data-reference={r.reference}>
      <span className="list-main">
        <span className="row-between">
          <span className="list-title" style={{ color: 'var(--text)' }} data-testid="cashflow-label">
            {label ? t(label) : r.type}
          </span>
          <span className={`mono ${sign}`} data-testid="cashflow-amount" data-value={change && !change.isZero() ? r.change : r.amount}>
            <Ltr>{shown}</Ltr> {r.coin.toUpperCase()}
          </span>
        </span>
        <span className="muted small" data-testid="cashflow-flow">
          {flow}
        </span>
        <span className="list-time">
          <bdi>{dateTime(r.createTime)}</bdi>
        </span>
      </span>
    </div>
  );
}
