import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Ltr, Spinner, Tabs, type IconName } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useAssetBalance } from '@/features/wallet/balances';
import type { WalletName } from '@/features/wallet/types';
import { toDecimal } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { TransferSheet } from '@/features/wallet/TransferSheet';
import { DustSheet } from '@/features/wallet/components/DustSheet';
import { DUST_KEY, getDust } from '@/features/wallet/api/dust';
import { dustPlan } from '@/features/wallet/lib/dust';
import '@/shared/ui/wallet.css';

/** The spec's asset tabs and the wallet each one shows. */
const TABS: { key: 'asset_platform' | 'asset_financ' | 'asset_contarct'; wallet: WalletName }[] = [
  { key: 'asset_platform', wallet: 'spot' },
  { key: 'asset_financ', wallet: 'finance' },
  { key: 'asset_contarct', wallet: 'contract' },
];

const ACTIONS: { label: 'wallet_action_deposit' | 'wallet_action_withdraw' | 'wallet_action_exchange' | 'wallet_action_cashflow'; to: string; icon: IconName; testId: string }[] = [
  { label: 'wallet_action_deposit', to: paths.deposit, icon: 'recharge', testId: 'wallet-deposit' },
  { label: 'wallet_action_withdraw', to: paths.withdraw, icon: 'upload', testId: 'wallet-withdraw' },
  { label: 'wallet_action_exchange', to: paths.flashExchange, icon: 'trade', testId: 'wallet-exchange' },
  { label: 'wallet_action_cashflow', to: paths.financialRecords, icon: 'doc', testId: 'wallet-cashflow' },
];

function isZero(value: string): boolean {
  const d = toDecimal(value);
  return !d || d.isZero();
}

/** Personal centre assets: totals in USDT and the three wallet tabs, with the money entry points. */
export function WalletAssets() {
  const { t } = useTranslation();
  const money = useMoney();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('asset_platform');
  const [transferOpen, setTransferOpen] = useState(false);
  const [hideZero, setHideZero] = useState(true);
  const { data, isLoading, isError, refetch, isFetching } = useAssetBalance();
  const wallet = TABS.find((x) => x.key === tab)!.wallet;
  const current = data?.wallets.find((w) => w.wallet === wallet);
  const assets = (current?.assets ?? []).filter((a) => !hideZero || !isZero(a.total));
  // Balances too small for any spot sell: offered for conversion into USDT.
  const dust = useQuery({ queryKey: DUST_KEY, queryFn: getDust, enabled: !!data && wallet === 'spot', staleTime: 5_000 });
  const plan = useMemo(() => dustPlan(dust.data?.items), [dust.data]);
  const [dustOpen, setDustOpen] = useState(false);

  return (
    <section className="card wallet-assets" data-testid="wallet-assets">
      <div className="row-between">
        <div>
          <div className="muted small">{t('wallet_totalUsdt')}</div>
          <div className="wallet-total" data-testid="wallet-total">
            <Ltr>{data ? money.usdt(data.totalUsdt) : '--'}</Ltr> <span className="muted small">USDT</span>
          </div>
        </div>
        {isFetching ? <Spinner size={18} /> : null}
      </div>
      <div className="wallet-actions">
        {ACTIONS.map((a) => (
          <Link key={a.testId} to={a.to} className="wallet-action" data-testid={a.testId}>
            <span className="wallet-action-icon">
              <Icon name={a.icon} size={20} />
            </span>
            {t(a.label)}
          </Link>
        ))}
        <button type="button" className="wallet-action" onClick={() => setTransferOpen(true)} data-testid="wallet-transfer">
          <span className="wallet-action-icon">
            <Icon name="assets" size={20} />
          </span>
          {t('wallet_action_transfer')}
        </button>
      </div>
      <Tabs items={TABS.map((x) => ({ key: x.key, label: t(x.key) }))} value={tab} onChange={setTab} testId="asset-tab" />
      <div className="row-between wallet-subtotal">
        <label className="hide-zero">
          <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} data-testid="wallet-hide-zero" />
          {t('wallet_hideZero')}
        </label>
        <span data-testid="wallet-tab-total">
          ≈ <Ltr>{current ? money.usdt(current.totalUsdt) : '--'}</Ltr> <span className="muted small">USDT</span>
        </span>
      </div>
      {isLoading ? (
        <div className="paged-loading">
          <Spinner size={22} />
        </div>
      ) : isError ? (
        <div className="empty">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" small onClick={() => refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : assets.length === 0 ? (
        <p className="muted small wallet-empty" data-testid="wallet-empty">
          {t('noData')}
        </p>
      ) : (
        <ul className="asset-rows" data-testid={`wallet-list-${wallet}`}>
          {assets.map((a) => (
            <li key={a.coin} className="asset-row" data-testid={`asset-${wallet}-${a.coin.toUpperCase()}`}>
              <span className="asset-coin">{a.coin.toUpperCase()}</span>
              <span className="asset-amounts">
                <Ltr testId="asset-available" data-value={toDecimal(a.available)?.toFixed()}>
                  {money.balance(a.available, a.coin)}
                </Ltr>
                <span className="muted small">
                  {t('wallet_frozen')} <Ltr data-testid="asset-frozen">{money.balance(a.frozen, a.coin)}</Ltr> · ≈ <Ltr>{money.usdt(a.usdtValue)}</Ltr> USDT
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {wallet === 'spot' && plan.convertible.length ? (
        <button type="button" className="btn btn-ghost btn-small btn-block" onClick={() => setDustOpen(true)} data-testid="wallet-dust">
          {t('dust_entry', { count: plan.convertible.length })}
        </button>
      ) : null}
      {dustOpen ? <DustSheet plan={plan} onClose={() => setDustOpen(false)} /> : null}
      {transferOpen ? <TransferSheet open onClose={() => setTransferOpen(false)} initialFrom={wallet} /> : null}
    </section>
  );
}
