import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { toDecimal } from '@/shared/format/number';
import { useAssetBalance } from '@/shared/wallet/balances';
import { getFinancialRecords } from '../api/records';
import { POSTING_KINDS, type FinancialRecord } from '@/shared/wallet/types';
import { PagedList } from '@/shared/ui/PagedList';
import { dateTime, plainAmount } from '@/shared/format/display';
import '@/shared/wallet/wallet.css';

const SYSTEM_ACCOUNTS = ['external', 'fees', 'house', 'insurance', 'rewards', 'spot', 'finance', 'contract'];

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
  const change = toDecimal(r.change);
  const sign = change && change.gt(0) ? 'up' : change && change.lt(0) ? 'down' : '';
  const kind = (POSTING_KINDS as readonly string[]).includes(r.type) ? t(`posting_${r.type as 'deposit'}`) : r.type;
  // Each product has its own house book (house_exchange, ...); users see "the platform".
  const shown = (name: string) => (name.startsWith('house_') ? 'house' : name);
  const account = (name: string) => (SYSTEM_ACCOUNTS.includes(shown(name)) ? t(`account_${shown(name) as 'spot'}`) : name);
  return (
    <div className="list-item record" data-testid="cashflow-row" data-type={r.type}>
      <span className="list-main">
        <span className="row-between">
          <span className="list-title" style={{ color: 'var(--text)' }}>
            {kind}
          </span>
          <span className={`mono ${sign}`} data-testid="cashflow-amount">
            {change && change.gt(0) ? '+' : ''}
            {change && !change.isZero() ? plainAmount(r.change) : plainAmount(r.amount)} {r.coin.toUpperCase()}
          </span>
        </span>
        <span className="muted small">
          {account(r.from)} → {account(r.to)}
        </span>
        <span className="list-time">{dateTime(r.createTime)}</span>
      </span>
    </div>
  );
}
