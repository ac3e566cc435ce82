// The products on the catalogue: futures terms, second-contract and option
// periods (with the countries each is not offered in), earn products and
// their staking rates, welfare tasks and the sign-in calendar, lead-trader
// applications and deposit bonus rules.
import { useMemo } from 'react';
import { fmtDateTime, fmtNumber } from '../../format';
import { Badge } from '../../layout/ui';
import { useTexts } from '../settings/kit';
import { catalogueApi, cq, type BonusRule, type EarnProduct, type OptionPeriod, type SecondPeriod, type TermsView, type WelfareTask } from './api';
import { BlockedCountries } from './BlockedCountries';
import { CalendarEditor } from './CalendarEditor';
import { ConditionEditor } from './ConditionEditor';
import { EarnRates } from './EarnRates';
import { useCoinOptions } from './CataloguePages';
import { useQuery } from '@tanstack/react-query';
import { ResourcePageFrame, ResourceTable, type Column, type ResourceConfig } from './ResourcePage';
import {
  EARN_DEFAULTS,
  EARN_FIELDS,
  EARN_RULES,
  OPTION_PERIOD_RULES,
  PERIOD_RULES,
  RULE_FIELDS,
  TASK_FIELDS,
  TERMS_FIELDS,
  optionPeriodFields,
  secondPeriodFields,
  taskErrors,
} from './specs';
import css from './catalogue.module.css';
import { keyFor } from '../../keys';
import type { CT } from '../../layout/useCt';

/** `{en: "…", zh: "…"}` in the operator's language (else English, else any). */
export function textIn(v: unknown, lang: string): string {
  if (typeof v !== 'object' || v === null) return typeof v === 'string' ? v : '';
  const m = v as Record<string, unknown>;
  const pick = m[lang] ?? m.en ?? Object.values(m).find((x) => typeof x === 'string');
  return typeof pick === 'string' ? pick : '';
}

function seconds(n: number, t: CT): string {
  if (n % 86400 === 0) return t('catalogue.unit.d', { n: n / 86400 });
  if (n % 3600 === 0) return t('catalogue.unit.h', { n: n / 3600 });
  if (n % 60 === 0) return t('catalogue.unit.m', { n: n / 60 });
  return t('catalogue.unit.s', { n });
}

function Pct({ value }: { value: string }) {
  const { lang } = useTexts();
  return <span className={css.num}>{fmtNumber(value, lang)}</span>;
}

export function FuturesTermsPage() {
  const { t } = useTexts();
  const config: ResourceConfig<TermsView & { id: number }> = {
    queryKey: cq.futuresTerms,
    list: async () => (await catalogueApi.futuresTerms.list()).map((r) => ({ ...r, id: r.contractId })),
    fields: TERMS_FIELDS,
    update: (r, b) => catalogueApi.futuresTerms.update(r.contractId, b),
    // crates/futures/src/operator.rs: the row's id is its contract's.
    audit: { update: 'futures.terms_update', target: (id) => `futures_terms:${id}` },
    name: (r) => r.symbol,
    searchText: (r) => `${r.symbol} ${r.coin}`,
    expand: (r) => <Brackets terms={r} />,
    columns: [
      { key: 'symbol', render: (r) => <strong>{r.symbol}</strong> },
      { key: 'leverages', render: (r) => `${r.leverages[r.leverages.length - 1] ?? '—'}x` , align: 'end' },
      { key: 'bracketScale', align: 'end', mono: true },
      { key: 'liquidationFee', align: 'end', mono: true },
      { key: 'spread', align: 'end', mono: true },
      { key: 'maxNetOi', labelKey: 'catalogue.f.maxNetOiShort', align: 'end', render: (r) => <Pct value={r.maxNetOi} /> },
      { key: 'funding', labelKey: 'catalogue.f.funding', align: 'end', mono: true, render: (r) => `${r.fundingInterest} / ${r.fundingSkew} / ${r.fundingCap}` },
      { key: 'fundingFloor', labelKey: 'catalogue.f.fundingFloorShort', align: 'end', render: (r) => <Pct value={r.fundingFloor} /> },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.futures.title" subKey="catalogue.futures.sub" testId="products-futures">
      <ResourceTable config={config} />
      <p className={css.note}>{t('catalogue.futures.note')}</p>
    </ResourcePageFrame>
  );
}

function Brackets({ terms }: { terms: TermsView }) {
  const { t, lang } = useTexts();
  return (
    <table className={css.inner}>
      <thead>
        <tr>
          <th>{t('catalogue.bracket.floor')}</th>
          <th>{t('catalogue.bracket.cap')}</th>
          <th>{t('catalogue.bracket.maxLeverage')}</th>
          <th>{t('catalogue.bracket.rate')}</th>
          <th>{t('catalogue.bracket.cum')}</th>
        </tr>
      </thead>
      <tbody>
        {terms.brackets.map((b, i) => (
          <tr key={i}>
            <td>{fmtNumber(b.floor, lang)}</td>
            <td>{fmtNumber(b.cap, lang)}</td>
            <td>{b.maxLeverage}x</td>
            <td>{b.rate}</td>
            <td>{fmtNumber(b.cum, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function periodColumns<R extends SecondPeriod | OptionPeriod>(t: CT, pair: (r: R) => string): Column<R>[] {
  return [
    { key: 'id', mono: true },
    { key: 'pair', labelKey: 'catalogue.f.pair', render: (r: R) => <strong>{pair(r)}</strong> },
    { key: 'period', align: 'end' as const, render: (r: R) => seconds(r.period, t) },
    { key: 'odds', align: 'end' as const, mono: true },
    { key: 'stake', labelKey: 'catalogue.f.stake', align: 'end' as const, mono: true, render: (r: R) => `${r.minAmount} – ${r.maxAmount}` },
    { key: 'flag', render: (r: R) => (r.flag ? t('catalogue.fullLoss') : t('catalogue.partialLoss')) },
    { key: 'breakEvenWinRate', align: 'end' as const, mono: true },
    { key: 'houseEdge', align: 'end' as const, mono: true },
    { key: 'exposureCap', align: 'end' as const, mono: true },
  ];
}

export function SecondContractsPage() {
  const { t } = useTexts();
  const coins = useQuery({ queryKey: cq.coins, queryFn: catalogueApi.coins.list });
  const options = useCoinOptions(true);
  const byId = useMemo(() => new Map((coins.data ?? []).map((c) => [c.id, c])), [coins.data]);
  const pairName = (r: SecondPeriod) => byId.get(r.secondId)?.showSymbol || `#${r.secondId}`;
  const config: ResourceConfig<SecondPeriod> = {
    queryKey: cq.secondPeriods,
    list: catalogueApi.secondPeriods.list,
    fields: secondPeriodFields(options),
    rules: PERIOD_RULES,
    createDefaults: { status: 1, flag: true, exposureCap: '100000', sort: 0 },
    create: catalogueApi.secondPeriods.create,
    update: (r, b) => catalogueApi.secondPeriods.update(r.id, b),
    audit: { create: 'second_contract.period_create', update: 'second_contract.period_update', target: (id) => `second_period:${id}` },
    toggle: { field: 'status', on: 1, off: 2 },
    name: (r) => `${pairName(r)} ${seconds(r.period, t)}`,
    searchText: (r) => `${pairName(r)} ${r.period}`,
    createLabelKey: 'catalogue.periods.add',
    columns: periodColumns<SecondPeriod>(t, pairName),
  };
  return (
    <ResourcePageFrame titleKey="catalogue.second.title" subKey="catalogue.second.sub" testId="products-second">
      <ResourceTable config={config} />
      <BlockedCountries product="second-contracts" />
    </ResourcePageFrame>
  );
}

export function OptionPeriodsPage() {
  const { t } = useTexts();
  const pairs = useQuery({ queryKey: cq.options, queryFn: catalogueApi.options.list });
  const options = useMemo(() => (pairs.data ?? []).map((p) => ({ value: String(p.id), label: `${p.showSymbol || p.symbol} · #${p.id}` })), [pairs.data]);
  const config: ResourceConfig<OptionPeriod> = {
    queryKey: cq.optionPeriods,
    list: catalogueApi.optionPeriods.list,
    fields: optionPeriodFields(options),
    rules: OPTION_PERIOD_RULES,
    createDefaults: { status: 1, flag: true, cutoff: 5, exposureCap: '100000', sort: 0 },
    create: catalogueApi.optionPeriods.create,
    update: (r, b) => catalogueApi.optionPeriods.update(r.id, b),
    audit: { create: 'option.period_create', update: 'option.period_update', target: (id) => `option_period:${id}` },
    toggle: { field: 'status', on: 1, off: 2 },
    name: (r) => `${r.symbol.toUpperCase()} ${seconds(r.period, t)}`,
    searchText: (r) => `${r.symbol} ${r.coin} ${r.period}`,
    createLabelKey: 'catalogue.periods.add',
    columns: [
      ...periodColumns<OptionPeriod>(t, (r) => r.symbol.toUpperCase()).slice(0, 3),
      { key: 'cutoff', align: 'end' as const, render: (r: OptionPeriod) => seconds(r.cutoff, t) },
      ...periodColumns<OptionPeriod>(t, (r) => r.symbol).slice(3),
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.optionPeriods.title" subKey="catalogue.optionPeriods.sub" testId="products-options">
      <ResourceTable config={config} />
      <BlockedCountries product="options" />
    </ResourcePageFrame>
  );
}

export function EarnPage() {
  const { t, lang } = useTexts();
  const config: ResourceConfig<EarnProduct> = {
    queryKey: cq.earn,
    list: () => catalogueApi.earn.list(),
    fields: EARN_FIELDS,
    rules: EARN_RULES,
    createDefaults: EARN_DEFAULTS,
    create: catalogueApi.earn.create,
    update: (r, b) => catalogueApi.earn.update(r.id, b),
    audit: { create: 'earn.product_create', update: 'earn.product_update', target: (id) => `earn_product:${id}` },
    toggle: { field: 'status', on: 1, off: 0 },
    name: (r) => textIn(r.title, lang) || `#${r.id}`,
    searchText: (r) => `${textIn(r.title, lang)} ${r.kind} ${r.coin}`,
    createLabelKey: 'catalogue.earn.add',
    expand: (r) => <EarnRates product={r} />,
    columns: [
      { key: 'id', mono: true },
      { key: 'title', render: (r) => <strong>{textIn(r.title, lang) || '—'}</strong> },
      { key: 'kind', render: (r) => <Badge tone={r.kind === 'staking' ? 'info' : 'muted'}>{t(keyFor('catalogue.earnKind.', r.kind))}</Badge> },
      { key: 'coin' },
      {
        key: 'terms',
        render: (r) =>
          (Array.isArray(r.terms) ? (r.terms as unknown as { days: number; apr?: string | null }[]) : [])
            .map((x) => (x.apr ? `${x.days}d ${x.apr}%` : `${x.days}d`))
            .join(', ') || '—',
      },
      { key: 'limits', labelKey: 'catalogue.f.limits', align: 'end', mono: true, render: (r) => `${r.limitMin} – ${r.limitMax}` },
      { key: 'earningAmount', align: 'end', render: (r) => <Pct value={r.earningAmount} /> },
      { key: 'earningOrders', align: 'end', mono: true },
      { key: 'isHot', render: (r) => (r.isHot ? <Badge tone="warn">HOT</Badge> : '—') },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.earn.title" subKey="catalogue.earn.sub" testId="products-earn">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}

export function WelfarePage() {
  const { t, lang } = useTexts();
  const config: ResourceConfig<WelfareTask> = {
    queryKey: cq.welfareTasks,
    list: catalogueApi.welfareTasks.list,
    fields: TASK_FIELDS,
    check: (v) => taskErrors(v),
    createDefaults: { kind: 'first_deposit', threshold: '1', rewardAmount: '0', rewardCoin: 'USDT', status: 1, sort: 0 },
    create: catalogueApi.welfareTasks.create,
    update: (r, b) => catalogueApi.welfareTasks.update(r.id, b),
    audit: { create: 'welfare.task_create', update: 'welfare.task_update', target: (id) => `welfare_task:${id}` },
    toggle: { field: 'status', on: 1, off: 0 },
    name: (r) => textIn(r.title, lang) || t(keyFor('catalogue.taskKind.', r.kind)),
    searchText: (r) => `${textIn(r.title, lang)} ${r.kind}`,
    createLabelKey: 'catalogue.welfare.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'title', render: (r) => <strong>{textIn(r.title, lang) || '—'}</strong> },
      { key: 'kind', render: (r) => t(keyFor('catalogue.taskKind.', r.kind)) },
      { key: 'threshold', align: 'end', mono: true },
      { key: 'reward', labelKey: 'catalogue.f.reward', align: 'end', mono: true, render: (r) => `${r.rewardAmount} ${r.rewardCoin}` },
      { key: 'sort', align: 'end', mono: true },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.welfare.title" subKey="catalogue.welfare.sub" testId="products-welfare">
      <ConditionEditor />
      <ResourceTable config={config} />
      <CalendarEditor />
    </ResourcePageFrame>
  );
}

export function DepositBonusPage() {
  const config: ResourceConfig<BonusRule> = {
    queryKey: cq.bonusRules,
    list: catalogueApi.bonusRules.list,
    fields: RULE_FIELDS,
    fullBody: true,
    createDefaults: { coin: 'USDT', minAmount: '0', enabled: true },
    create: catalogueApi.bonusRules.create,
    update: (r, b) => catalogueApi.bonusRules.update(r.id, b),
    audit: { create: 'deposit_bonus_rule.create', update: 'deposit_bonus_rule.update', target: (id) => `deposit_bonus_rule:${id}` },
    toggle: { field: 'enabled', on: true, off: false },
    name: (r) => `${r.coin} ${r.ratio}%`,
    searchText: (r) => r.coin,
    createLabelKey: 'catalogue.bonus.add',
    columns: [
      { key: 'id', mono: true },
      { key: 'coin', render: (r) => <strong>{r.coin}</strong> },
      { key: 'minAmount', align: 'end', render: (r) => <Pct value={r.minAmount} /> },
      { key: 'ratio', align: 'end', mono: true, render: (r) => `${r.ratio}%` },
      { key: 'maxBonus', align: 'end', render: (r) => <Pct value={r.maxBonus} /> },
      { key: 'createTime', render: (r) => fmtDateTime(r.createTime) },
    ],
  };
  return (
    <ResourcePageFrame titleKey="catalogue.bonus.title" subKey="catalogue.bonus.sub" testId="products-bonus">
      <ResourceTable config={config} />
    </ResourcePageFrame>
  );
}
