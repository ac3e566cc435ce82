// The market catalogue: coins, spot pairs, futures pairs and option pairs
// (crates/market/src/routes/admin.rs). Every write carries a reason and is
// audited (catalogue.<kind>_create / _update on <kind>:<id>); bodies are
// patches.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fmtNumber } from '../../format';
import { Badge } from '../../layout/ui';
import { useTexts } from '../settings/kit';
import { catalogueApi, cq, type CoinItem, type ContractPair, type OptionPair, type SpotPair } from './api';
import type { Option } from './fields';
import { ResourcePageFrame, ResourceTable, type ResourceConfig } from './ResourcePage';
import { COIN_FIELDS, CONTRACT_RULES, SPOT_RULES, contractFields, optionPairFields, spotFields } from './specs';
import css from './catalogue.module.css';
import { keyFor } from '../../keys';

/** The catalogue's coins as choices for a pair. */
export function useCoinOptions(byId = false): Option[] {
  const q = useQuery({ queryKey: cq.coins, queryFn: catalogueApi.coins.list });
  return useMemo(
    () => (q.data ?? []).map((c) => (byId ? { value: String(c.id), label: `${c.showSymbol || c.coin} · #${c.id}` } : { value: c.coin, label: c.showSymbol ? `${c.coin} · ${c.showSymbol}` : c.coin })),
    [q.data, byId],
  );
}

function Price({ value }: { value: string }) {
  const { lang } = useTexts();
  return <span className={css.num}>{value === '0' ? '—' : fmtNumber(value, lang)}</span>;
}

function OnOff({ on }: { on: boolean }) {
  const { t } = useTexts();
  return <Badge tone={on ? 'ok' : 'muted'}>{on ? t('catalogue.yes') : t('catalogue.no')}</Badge>;
}

export function CoinsPage() {
  const config: ResourceConfig<CoinItem> = {
    queryKey: cq.coins,
    list: catalogueApi.coins.list,
    fields: COIN_FIELDS,
    createDefaults: { status: 1, showFlag: 1, customizeFlag: 2, coinType: 1, market: 'spot' },
    create: catalogueApi.coins.create,
    update: (r, b) => catalogueApi.coins.update(r.id, b),
    audit: { create: 'catalogue.coin_create', update: 'catalogue.coin_update', target: (id) => `coin:${id}` },
    toggle: { field: 'status', on: 1, off: 0 },
    name: (r) => r.showSymbol || r.coin,
    searchText: (r) => `${r.coin} ${r.symbol} ${r.showSymbol} ${r.market}`,
    createLabelKey: 'catalogue.coins.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'coin', render: (r) => <strong>{r.coin}</strong> },
      { key: 'symbol', mono: true },
      { key: 'showSymbol' },
      { key: 'market' },
      { key: 'amount', labelKey: 'catalogue.f.price', align: 'end', render: (r) => <Price value={r.amount} /> },
      { key: 'showFlag', render: (r) => <OnOff on={r.showFlag === 1} /> },
      { key: 'sort', align: 'end', mono: true },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.coins.title" subKey="catalogue.coins.sub" testId="catalogue-coins">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}

export function SpotPairsPage() {
  const coins = useCoinOptions();
  const config: ResourceConfig<SpotPair> = {
    queryKey: cq.spot,
    list: catalogueApi.spot.list,
    fields: spotFields(coins),
    rules: SPOT_RULES,
    createDefaults: {
      orderMin: '0.00001',
      orderMax: '1000000',
      buyMax: '1000000',
      sellMin: '0.00001',
      minSell: '0.00001',
      feeRate: '0.001',
      basePrecision: 4,
      coinPrecision: 4,
      limitedBuy: 1,
      limitedSell: 1,
      marketBuy: 1,
      marketSell: 1,
      enable: 1,
      isDeal: 1,
      isShow: 1,
    },
    create: catalogueApi.spot.create,
    update: (r, b) => catalogueApi.spot.update(r.id, b),
    audit: { create: 'catalogue.spot_create', update: 'catalogue.spot_update', target: (id) => `spot_pair:${id}` },
    toggle: { field: 'enable', on: 1, off: 0 },
    name: (r) => r.symbol,
    searchText: (r) => `${r.coin} ${r.symbol}`,
    createLabelKey: 'catalogue.spot.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'symbol', render: (r) => <strong>{r.symbol}</strong> },
      { key: 'orderMin', align: 'end', mono: true },
      { key: 'orderMax', align: 'end', mono: true },
      { key: 'feeRate', align: 'end', mono: true },
      { key: 'precision', labelKey: 'catalogue.f.precision', align: 'end', mono: true, render: (r) => `${r.basePrecision} / ${r.coinPrecision}` },
      { key: 'isDeal', render: (r) => <OnOff on={r.isDeal === 1} /> },
      { key: 'isShow', render: (r) => <OnOff on={r.isShow === 1} /> },
      { key: 'sort', align: 'end', mono: true },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.spot.title" subKey="catalogue.spot.sub" testId="catalogue-spot">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}

export function ContractPairsPage() {
  const coins = useCoinOptions();
  const config: ResourceConfig<ContractPair> = {
    queryKey: cq.contracts,
    list: catalogueApi.contracts.list,
    fields: contractFields(coins),
    rules: CONTRACT_RULES,
    createDefaults: { baseCoin: 'usdt', leverage: '5,10,20', minShare: '1', maxShare: '10000', shareNumber: '1', openFee: '0.001', closeFee: '0.001', usdtRate: '1', intervalHour: 8, enable: 1 },
    create: catalogueApi.contracts.create,
    update: (r, b) => catalogueApi.contracts.update(r.id, b),
    audit: { create: 'catalogue.contract_create', update: 'catalogue.contract_update', target: (id) => `contract_pair:${id}` },
    toggle: { field: 'enable', on: 1, off: 0 },
    name: (r) => r.showSymbol || r.symbol,
    searchText: (r) => `${r.coin} ${r.symbol} ${r.showSymbol}`,
    createLabelKey: 'catalogue.contracts.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'showSymbol', render: (r) => <strong>{r.showSymbol}</strong> },
      { key: 'amount', labelKey: 'catalogue.f.price', align: 'end', render: (r) => <Price value={r.amount} /> },
      { key: 'leverage', mono: true },
      { key: 'shares', labelKey: 'catalogue.f.shares', align: 'end', mono: true, render: (r) => `${r.minShare} – ${r.maxShare}` },
      { key: 'shareNumber', align: 'end', mono: true },
      { key: 'fees', labelKey: 'catalogue.f.fees', align: 'end', mono: true, render: (r) => `${r.openFee} / ${r.closeFee}` },
      { key: 'intervalHour', align: 'end', mono: true },
      { key: 'sort', align: 'end', mono: true },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.contracts.title" subKey="catalogue.contracts.sub" testId="catalogue-contracts">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}

export function OptionPairsPage() {
  const coins = useCoinOptions();
  const { t } = useTexts();
  const config: ResourceConfig<OptionPair> = {
    queryKey: cq.options,
    list: catalogueApi.options.list,
    fields: optionPairFields(coins),
    createDefaults: { feeType: 1, feeValue: '1', status: 1 },
    create: catalogueApi.options.create,
    update: (r, b) => catalogueApi.options.update(r.id, b),
    audit: { create: 'catalogue.option_create', update: 'catalogue.option_update', target: (id) => `option_pair:${id}` },
    toggle: { field: 'status', on: 1, off: 0 },
    name: (r) => r.showSymbol || r.symbol,
    searchText: (r) => `${r.coin} ${r.symbol} ${r.showSymbol}`,
    createLabelKey: 'catalogue.options.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'showSymbol', render: (r) => <strong>{r.showSymbol}</strong> },
      { key: 'symbol', mono: true },
      { key: 'amount', labelKey: 'catalogue.f.price', align: 'end', render: (r) => <Price value={r.amount} /> },
      { key: 'feeType', render: (r) => t(keyFor('catalogue.feeType.', r.feeType)) },
      { key: 'feeValue', align: 'end', mono: true },
      { key: 'sort', align: 'end', mono: true },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.options.title" subKey="catalogue.options.sub" testId="catalogue-options">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}
