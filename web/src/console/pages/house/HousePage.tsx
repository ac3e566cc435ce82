// The house page: every book where the house is the counterparty, each as
// its product's own call gives it (futures with the insurance fund, second
// contracts, options, earn's finance house), the fees each product took
// (for fund reviewers, from the dashboard's fee totals), funding the finance
// house (fund reviewers), and the house accounts' ledger postings, paged on
// the server. For audit readers, as the books' calls are.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../../api';
import { fmtDateTime, fmtNumber, isNegative } from '../../format';
import { CIcon } from '../../layout/icons';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { useCan } from '../../layout/me';
import { SortTh } from '../../layout/sort';
import { Badge, Button, Card, Empty, ErrorNote, Loading, Modal, PageHead, ReasonField } from '../../layout/ui';
import { useCt, type CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { dashboardKey } from '../dashboard/DashboardPage';
import type { Dashboard } from '../dashboard/model';
import { PagedRows } from '../users/PagedRows';
import css from './house.module.css';
import {
  BOOKS,
  bookOfAccount,
  feesOf,
  fundAmountError,
  fundCoinError,
  houseKeys,
  houseUrls,
  sum,
  type Book,
  type EarnHouseCoin,
  type FuturesHouse,
  type HousePosting,
  type OptionHouse,
  type ProductFees,
  type SecondHouse,
} from './model';
import { keyFor } from '../../keys';
import type { ConsoleKey } from '../../keys';

type Ctx = { t: CT; lang: ConsoleLanguage };

/** A decimal string, red when below zero; a dash when missing. */
function Amount({ v, lang, coin }: { v: string | null | undefined; lang: ConsoleLanguage; coin?: string }) {
  if (v === null || v === undefined) return <span className="c-muted">—</span>;
  return (
    <span className={isNegative(v) ? 'c-num c-neg' : 'c-num'}>
      {fmtNumber(v, lang)}
      {coin ? <span className="c-muted c-small"> {coin}</span> : null}
    </span>
  );
}

function useBook<T>(key: readonly unknown[], url: string) {
  return useQuery({ queryKey: key, queryFn: () => adminApi.get<T>(url), placeholderData: keepPreviousData });
}

export function HousePage() {
  const { t, lang } = useCt();
  const can = useCan();
  const client = useQueryClient();
  const futures = useBook<FuturesHouse>(houseKeys.futures, houseUrls.futures);
  const second = useBook<SecondHouse>(houseKeys.secondContracts, houseUrls.secondContracts);
  const options = useBook<OptionHouse>(houseKeys.options, houseUrls.options);
  const earn = useBook<EarnHouseCoin[]>(houseKeys.earn, houseUrls.earn);
  // Fees per product are the dashboard's (fund reviewers only): the same call, the same cache.
  const mayFees = can('reviewFunds');
  const dash = useQuery({
    queryKey: dashboardKey,
    queryFn: () => adminApi.get<Dashboard>('/api/admin/dashboard'),
    enabled: mayFees,
  });
  const fees = mayFees ? ((dash.data?.fees?.products ?? null) as ProductFees[] | null) : null;
  const fetching = [futures, second, options, earn].some((q) => q.isFetching);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['console', 'house'] });
    if (mayFees) void client.invalidateQueries({ queryKey: dashboardKey });
  };
  const c: Ctx = { t, lang };
  return (
    <div className="c-page" data-testid="house-page">
      <PageHead
        title={t('house.title')}
        sub={t('house.sub')}
        actions={
          <Button small variant="ghost" onClick={refresh} busy={fetching}>
            <CIcon name="refresh" size={14} /> {t('house.refresh')}
          </Button>
        }
      />
      <Summary futures={futures.data} second={second.data} options={options.data} earn={earn.data} c={c} />
      <FuturesBook q={futures} fees={fees} c={c} />
      <ContractBooks product="secondContracts" q={second} fees={fees} c={c} />
      <ContractBooks product="options" q={options} fees={fees} c={c} />
      <EarnHouse q={earn} fees={fees} c={c} />
      <HousePostings coins={[...new Set(['USDT', ...(earn.data ?? []).map((e) => e.coin)])]} c={c} />
    </div>
  );
}

function Summary({
  futures,
  second,
  options,
  earn,
  c: { t, lang },
}: {
  futures?: FuturesHouse;
  second?: SecondHouse;
  options?: OptionHouse;
  earn?: EarnHouseCoin[];
  c: Ctx;
}) {
  const tile = (testId: string, label: string, value: ReactNode, lines: [string, ReactNode][]) => (
    <div className="c-tile" data-testid={testId}>
      <div className="c-tile__label">{label}</div>
      <div className={`c-tile__value ${css.tileValue}`}>{value}</div>
      {lines.length ? (
        <ul className="c-tile__coins">
          {lines.map(([k, v]) => (
            <li key={k}>
              <span className="c-muted">{k}</span>
              {v}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
  const usdt = (v: string | undefined) => (v === undefined ? '—' : <Amount v={v} lang={lang} coin="USDT" />);
  return (
    <section className="c-section" aria-label={t('house.summary')}>
      <div className="c-tiles">
        {tile('tile-futures', t('house.product.futures'), usdt(futures?.houseBalance), [
          [t('house.realised'), usdt(futures ? sum(futures.contracts.map((b) => b.houseRealised)) : undefined)],
          [t('house.unrealised'), usdt(futures ? sum(futures.contracts.map((b) => b.houseUnrealised)) : undefined)],
          [t('house.insurance'), usdt(futures?.insuranceBalance)],
        ])}
        {tile('tile-secondContracts', t('house.product.secondContracts'), usdt(second?.houseBalance), [
          [t('house.realised'), usdt(second ? sum(second.coins.map((b) => b.houseResult)) : undefined)],
          [t('house.openStake'), usdt(second ? sum(second.coins.map((b) => b.openStake)) : undefined)],
        ])}
        {tile('tile-options', t('house.product.options'), usdt(options?.houseBalance), [
          [t('house.realised'), usdt(options ? sum(options.coins.map((b) => b.houseResult)) : undefined)],
          [t('house.openStake'), usdt(options ? sum(options.coins.map((b) => b.openStake)) : undefined)],
        ])}
        {tile(
          'tile-earn',
          t('house.product.earn'),
          earn && earn.length === 1 ? <Amount v={earn[0].balance} lang={lang} coin={earn[0].coin} /> : earn ? t('house.coins', { n: earn.length }) : '—',
          (earn ?? []).flatMap((e): [string, ReactNode][] => [
            [t('house.earn.balanceOf', { coin: e.coin }), <Amount key="b" v={e.balance} lang={lang} coin={e.coin} />],
            [t('house.earn.owedOf', { coin: e.coin }), <Amount key="r" v={e.reserved} lang={lang} coin={e.coin} />],
          ]),
        )}
      </div>
    </section>
  );
}

/** The product's fees per asset (all time, today), when the operator may see them. */
function Fees({ fees, product, c: { t, lang } }: { fees: ProductFees[] | null; product: string; c: Ctx }) {
  if (!fees) return null;
  const rows = feesOf(fees, product);
  return (
    <span className="c-small" data-testid={`fees-${product}`}>
      <span className="c-muted">{t('house.fees')}</span>{' '}
      {rows.length === 0
        ? '0'
        : rows.map((r, i) => (
            <span key={r.asset}>
              {i > 0 ? ' · ' : ''}
              <Amount v={r.allTime} lang={lang} coin={r.asset} />
              <span className="c-muted"> ({t('house.feesToday', { amount: fmtNumber(r.today, lang) })})</span>
            </span>
          ))}
    </span>
  );
}

function Balances({ items }: { items: [string, ReactNode][] }) {
  return (
    <div className="c-house__balances">
      {items.map(([k, v]) => (
        <span key={k} className={css.balance}>
          <span className="c-muted c-small">{k}</span> <span className="c-house__balance">{v}</span>
        </span>
      ))}
    </div>
  );
}

type BookQuery<T> = { data?: T; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

function Loaded<T>({ q, children }: { q: BookQuery<T>; children: (data: T) => ReactNode }) {
  if (q.isError) return <ErrorNote error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending || q.data === undefined) return <Loading />;
  return <>{children(q.data)}</>;
}

function FuturesBook({ q, fees, c }: { q: BookQuery<FuturesHouse>; fees: ProductFees[] | null; c: Ctx }) {
  const { t, lang } = c;
  return (
    <Card title={t('house.product.futures')} testId="house-futures" actions={<Fees fees={fees} product="futures" c={c} />}>
      <p className="c-small c-muted c-card__lead">{t('house.futures.lead')}</p>
      <Loaded q={q}>
        {(h) => (
          <>
            <Balances
              items={[
                [t('house.account'), <Amount key="h" v={h.houseBalance} lang={lang} coin="USDT" />],
                [t('house.insurance'), <Amount key="i" v={h.insuranceBalance} lang={lang} coin="USDT" />],
              ]}
            />
            {h.contracts.length === 0 ? (
              <Empty>{t('house.none')}</Empty>
            ) : (
              <div className="c-table-wrap">
                <table className="c-table c-table--dense">
                  <thead>
                    <tr>
                      <th>{t('house.col.contract')}</th>
                      <th className="c-right">{t('house.col.longQty')}</th>
                      <th className="c-right">{t('house.col.shortQty')}</th>
                      <th className="c-right" title={t('house.col.houseNetHint')}>
                        {t('house.col.houseNet')}
                      </th>
                      <th className="c-right">{t('house.col.mark')}</th>
                      <th className="c-right">{t('house.col.exposure')}</th>
                      <th className="c-right">{t('house.col.positions')}</th>
                      <th className="c-right">{t('house.col.waiting')}</th>
                      <th className="c-right">{t('house.realised')}</th>
                      <th className="c-right">{t('house.unrealised')}</th>
                      <th className="c-right">{t('house.col.funding')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {h.contracts.map((b) => (
                      <tr key={b.contractId} data-testid="futures-row">
                        <td className="c-coin">{b.symbol.toUpperCase()}</td>
                        <td className="c-right">
                          <Amount v={b.longQty} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.shortQty} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.houseNetQty} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.markPrice} lang={lang} />
                        </td>
                        <td className="c-right c-nowrap">
                          <Amount v={b.netNotional} lang={lang} />
                          <span className="c-muted c-small"> / {fmtNumber(b.maxNetOi, lang)}</span>
                        </td>
                        <td className="c-right c-num">{b.openPositions}</td>
                        <td className="c-right c-num">{b.waitingOrders}</td>
                        <td className="c-right">
                          <Amount v={b.houseRealised} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.houseUnrealised} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.fundingToHouse} lang={lang} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className={css.total}>
                      <td colSpan={8}>{t('house.total')}</td>
                      <td className="c-right">
                        <Amount v={sum(h.contracts.map((b) => b.houseRealised))} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={sum(h.contracts.map((b) => b.houseUnrealised))} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={sum(h.contracts.map((b) => b.fundingToHouse))} lang={lang} />
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </Loaded>
    </Card>
  );
}

/** Second contracts' book, or options' with the fees each coin kept. */
type ContractHouse = { coins: (SecondHouse['coins'][number] & { fees?: string })[]; houseBalance: string };

function ContractBooks({ product, q, fees, c }: { product: 'secondContracts' | 'options'; q: BookQuery<ContractHouse>; fees: ProductFees[] | null; c: Ctx }) {
  const { t, lang } = c;
  const withFees = product === 'options';
  return (
    <Card title={t(keyFor('house.product.', product))} testId={`house-${product}`} actions={<Fees fees={fees} product={product} c={c} />}>
      <p className="c-small c-muted c-card__lead">{t('house.contracts.lead')}</p>
      <Loaded q={q}>
        {(h) => (
          <>
            <Balances items={[[t('house.account'), <Amount key="h" v={h.houseBalance} lang={lang} coin="USDT" />]]} />
            {h.coins.length === 0 ? (
              <Empty>{t('house.none')}</Empty>
            ) : (
              <div className="c-table-wrap">
                <table className="c-table c-table--dense">
                  <thead>
                    <tr>
                      <th>{t('house.col.coin')}</th>
                      <th className="c-right">{t('house.col.openOrders')}</th>
                      <th className="c-right">{t('house.openStake')}</th>
                      <th className="c-right">{t('house.col.settled')}</th>
                      <th className="c-right">{t('house.col.results')}</th>
                      <th className="c-right">{t('house.col.staked')}</th>
                      <th className="c-right">{t('house.col.paidOut')}</th>
                      <th className="c-right">{t('house.realised')}</th>
                      {withFees ? <th className="c-right">{t('house.col.fees')}</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {h.coins.map((b) => (
                      <tr key={b.coin} data-testid={`${product}-row`}>
                        <td className="c-coin">{b.coin.toUpperCase()}</td>
                        <td className="c-right c-num">{b.openOrders}</td>
                        <td className="c-right">
                          <Amount v={b.openStake} lang={lang} />
                        </td>
                        <td className="c-right c-num">{b.settledOrders}</td>
                        <td className="c-right c-small c-nowrap">{t('house.col.resultsValue', { wins: b.wins, losses: b.losses, refunds: b.refunds })}</td>
                        <td className="c-right">
                          <Amount v={b.staked} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.paidOut} lang={lang} />
                        </td>
                        <td className="c-right">
                          <Amount v={b.houseResult} lang={lang} />
                        </td>
                        {withFees ? (
                          <td className="c-right">
                            <Amount v={b.fees} lang={lang} />
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className={css.total}>
                      <td>{t('house.total')}</td>
                      <td className="c-right c-num">{h.coins.reduce((n, b) => n + b.openOrders, 0)}</td>
                      <td className="c-right">
                        <Amount v={sum(h.coins.map((b) => b.openStake))} lang={lang} />
                      </td>
                      <td className="c-right c-num">{h.coins.reduce((n, b) => n + b.settledOrders, 0)}</td>
                      <td />
                      <td className="c-right">
                        <Amount v={sum(h.coins.map((b) => b.staked))} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={sum(h.coins.map((b) => b.paidOut))} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={sum(h.coins.map((b) => b.houseResult))} lang={lang} />
                      </td>
                      {withFees ? (
                        <td className="c-right">
                          <Amount v={sum(h.coins.map((b) => b.fees))} lang={lang} />
                        </td>
                      ) : null}
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </Loaded>
    </Card>
  );
}

/** A funding as the server took it, shown until dismissed. */
interface Funded {
  coin: string;
  amount: string;
  after: EarnHouseCoin | null;
  audit: AuditWrite;
}

function EarnHouse({ q, fees, c }: { q: BookQuery<EarnHouseCoin[]>; fees: ProductFees[] | null; c: Ctx }) {
  const { t, lang } = c;
  const can = useCan();
  const [funding, setFunding] = useState(false);
  const [funded, setFunded] = useState<Funded | null>(null);
  const mayFund = can('reviewFunds');
  return (
    <Card
      title={t('house.product.earn')}
      testId="house-earn"
      actions={
        <>
          <Fees fees={fees} product="earn" c={c} />
          {mayFund ? (
            <Button small variant="primary" onClick={() => setFunding(true)} data-testid="fund-open">
              {t('house.fund.open')}
            </Button>
          ) : null}
        </>
      }
    >
      <p className="c-small c-muted c-card__lead">{t('house.earn.lead')}</p>
      {funded ? (
        <div className="c-note c-note--ok" role="status" data-testid="fund-result">
          {funded.after
            ? t('house.fund.done', {
                amount: fmtNumber(funded.amount, lang),
                coin: funded.coin,
                balance: fmtNumber(funded.after.balance, lang),
                free: fmtNumber(funded.after.free, lang),
              })
            : t('house.fund.doneShort', { amount: fmtNumber(funded.amount, lang), coin: funded.coin })}{' '}
          <AuditMade write={funded.audit} />
          <button type="button" className="c-note__close" onClick={() => setFunded(null)} aria-label={t('shell.close')}>
            ×
          </button>
        </div>
      ) : null}
      <Loaded q={q}>
        {(coins) =>
          coins.length === 0 ? (
            <Empty>{t('house.earn.none')}</Empty>
          ) : (
            <div className="c-table-wrap">
              <table className="c-table c-table--dense">
                <thead>
                  <tr>
                    <th>{t('house.col.coin')}</th>
                    <th className="c-right">{t('house.earn.balance')}</th>
                    <th className="c-right" title={t('house.earn.reservedHint')}>
                      {t('house.earn.reserved')}
                    </th>
                    <th className="c-right">{t('house.earn.free')}</th>
                    <th className="c-right">{t('house.earn.interestPaid')}</th>
                    <th className="c-right">{t('house.earn.penalties')}</th>
                    <th className="c-right" title={t('house.earn.principalHint')}>
                      {t('house.earn.principal')}
                    </th>
                    <th className="c-right">{t('house.earn.orders')}</th>
                  </tr>
                </thead>
                <tbody>
                  {coins.map((e) => (
                    <tr key={e.coin} data-testid="earn-row">
                      <td className="c-coin">{e.coin.toUpperCase()}</td>
                      <td className="c-right">
                        <Amount v={e.balance} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={e.reserved} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={e.free} lang={lang} />
                        {isNegative(e.free) ? (
                          <>
                            {' '}
                            <Badge tone="bad">{t('house.earn.short')}</Badge>
                          </>
                        ) : null}
                      </td>
                      <td className="c-right">
                        <Amount v={e.interestPaid} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={e.penalties} lang={lang} />
                      </td>
                      <td className="c-right">
                        <Amount v={e.earningPrincipal} lang={lang} />
                      </td>
                      <td className="c-right c-num">{e.earningOrders}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {funding ? (
        <FundDialog
          coins={(q.data ?? []).map((e) => e.coin)}
          onClose={() => setFunding(false)}
          onDone={(f) => {
            setFunding(false);
            setFunded(f);
          }}
        />
      ) : null}
    </Card>
  );
}

/** Funds the finance house: coin, amount (checked as the server will) and the reason. */
function FundDialog({ coins, onClose, onDone }: { coins: string[]; onClose: () => void; onDone: (f: Funded) => void }) {
  const { t } = useCt();
  const client = useQueryClient();
  const ids = { coin: useId(), amount: useId(), list: useId() };
  const [coin, setCoin] = useState(coins[0] ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState({ coin: false, amount: false });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const coinError = fundCoinError(coin);
  const amountError = fundAmountError(amount);
  const show = (field: 'coin' | 'amount') => tried || touched[field];
  const submit = async () => {
    setTried(true);
    if (busy || coinError || amountError || !reason.trim()) return;
    setBusy(true);
    setError(null);
    const body = { coin: coin.trim().toUpperCase(), amount: amount.trim(), reason: reason.trim() };
    try {
      const book = await adminApi.post<EarnHouseCoin[]>(houseUrls.fund, body);
      client.setQueryData(houseKeys.earn, book);
      void client.invalidateQueries({ queryKey: houseKeys.postings });
      void client.invalidateQueries({ queryKey: dashboardKey });
      onDone({
        coin: body.coin,
        amount: body.amount,
        after: book.find((e) => e.coin === body.coin) ?? null,
        audit: auditWrite('earn.house_fund', `house_finance:${body.coin}`, body.reason),
      });
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  const message = (e: { key: ConsoleKey; params?: Record<string, number> } | null, field: 'coin' | 'amount') =>
    e && show(field) ? (
      <div className={css.fieldError} role="alert" data-testid={`fund-${field}-error`}>
        {t(e.key, e.params)}
      </div>
    ) : null;
  return (
    <Modal
      title={t('house.fund.title')}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('shell.cancel')}
          </Button>
          <Button variant="primary" busy={busy} disabled={!reason.trim()} onClick={() => void submit()} data-testid="fund-submit">
            {t('house.fund.submit')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="c-modal__intro">{t('house.fund.intro')}</div>
        <div className={css.fundFields}>
          <div className="c-field">
            <label htmlFor={ids.coin}>
              {t('house.fund.coin')} <span className="c-req">*</span>
            </label>
            <input
              id={ids.coin}
              list={ids.list}
              value={coin}
              autoComplete="off"
              aria-invalid={!!(coinError && show('coin')) || undefined}
              className={coinError && show('coin') ? css.inputBad : undefined}
              onChange={(e) => {
                setCoin(e.target.value);
                setTouched((s) => ({ ...s, coin: true }));
              }}
              data-testid="fund-coin"
            />
            <datalist id={ids.list}>
              {coins.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {message(coinError, 'coin')}
          </div>
          <div className="c-field">
            <label htmlFor={ids.amount}>
              {t('house.fund.amount')} <span className="c-req">*</span>
            </label>
            <input
              id={ids.amount}
              inputMode="decimal"
              value={amount}
              autoComplete="off"
              placeholder="0.00"
              aria-invalid={!!(amountError && show('amount')) || undefined}
              className={amountError && show('amount') ? css.inputBad : undefined}
              onChange={(e) => {
                setAmount(e.target.value);
                setTouched((s) => ({ ...s, amount: true }));
              }}
              data-testid="fund-amount"
            />
            {message(amountError, 'amount') ?? <div className="c-field__hint">{t('house.fund.amountHint')}</div>}
          </div>
        </div>
        <ReasonField value={reason} onChange={setReason} />
        <ErrorNote error={error} />
      </form>
    </Modal>
  );
}

const DIRECTION_TONE: Record<string, 'ok' | 'bad' | 'muted'> = { in: 'ok', out: 'bad', own: 'muted' };

/** A posting's house side and the other side, from the house's point of view. */
function sides(p: HousePosting): { house: string; other: string | null; otherUser: number | null } {
  if (p.direction === 'in') return { house: p.to, other: p.from, otherUser: p.fromUserId ?? null };
  if (p.direction === 'out') return { house: p.from, other: p.to, otherUser: p.toUserId ?? null };
  return { house: `${p.from} → ${p.to}`, other: null, otherUser: null };
}

/** A user's account on a posting (`user:7:spot`) as "User 7 · Spot". */
function userLabel(account: string, userId: number, t: CT): string {
  const wallet = account.split(':')[2] ?? '';
  return t('house.postings.user', { id: userId, wallet: t(keyFor('users.wallet.', wallet), { defaultValue: wallet }) });
}

function accountLabel(account: string, t: CT): string {
  const book = bookOfAccount(account);
  return book ? t(keyFor('house.book.', book)) : t(keyFor('house.system.', account), { defaultValue: account });
}

function HousePostings({ coins, c: { t, lang } }: { coins: string[]; c: Ctx }) {
  const [book, setBook] = useState<Book | ''>('');
  const [coin, setCoin] = useState('');
  const ids = { book: useId(), coin: useId() };
  const params: Record<string, string> = {};
  if (book) params.product = book;
  if (coin) params.coin = coin;
  return (
    <Card title={t('house.postings.title')} testId="house-postings">
      <p className="c-small c-muted c-card__lead">{t('house.postings.lead')}</p>
      <div className={`c-filters ${css.filters}`}>
        <div className="c-field">
          <label htmlFor={ids.book}>{t('house.postings.book')}</label>
          <select id={ids.book} value={book} onChange={(e) => setBook(e.target.value as Book | '')} data-testid="postings-book">
            <option value="">{t('house.postings.allBooks')}</option>
            {BOOKS.map((b) => (
              <option key={b} value={b}>
                {t(keyFor('house.book.', b))}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor={ids.coin}>{t('house.postings.coin')}</label>
          <select id={ids.coin} value={coin} onChange={(e) => setCoin(e.target.value)} data-testid="postings-coin">
            <option value="">{t('house.postings.allCoins')}</option>
            {coins.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedRows<HousePosting>
        key={`${book}-${coin}`}
        testId="house-postings-list"
        queryKey={[...houseKeys.postings, book, coin]}
        url={houseUrls.postings}
        params={params}
        pageSize={20}
        empty={t('house.postings.none')}
        defaultSort={{ orderBy: 'id', order: 'desc' }}
        head={(s) => (
          <tr>
            <SortTh column="id" first="desc" className="c-right" {...s}>
              #
            </SortTh>
            <SortTh column="createTime" first="desc" {...s}>
              {t('house.postings.time')}
            </SortTh>
            <th>{t('house.postings.house')}</th>
            <SortTh column="kind" {...s}>
              {t('house.postings.kind')}
            </SortTh>
            <th>{t('house.postings.direction')}</th>
            <SortTh column="amount" first="desc" className="c-right" {...s}>
              {t('house.postings.amount')}
            </SortTh>
            <th>{t('house.postings.other')}</th>
            <th>{t('house.postings.reference')}</th>
          </tr>
        )}
        row={(p) => {
          const s = sides(p);
          const house = p.direction === 'own' ? `${accountLabel(p.from, t)} → ${accountLabel(p.to, t)}` : accountLabel(s.house, t);
          return (
            <tr key={p.id} data-testid="house-posting-row">
              <td className="c-right c-mono" title={t('house.postings.tx', { id: p.txId })}>
                {p.id}
              </td>
              <td className="c-mono c-small c-nowrap">{fmtDateTime(p.createTime)}</td>
              <td className="c-small">{house}</td>
              <td>{t(keyFor('house.kind.', p.kind), { defaultValue: p.kind })}</td>
              <td>
                <Badge tone={DIRECTION_TONE[p.direction] ?? 'muted'}>{t(keyFor('house.postings.dir.', p.direction), { defaultValue: p.direction })}</Badge>
              </td>
              <td className="c-right">
                <Amount v={p.amount} lang={lang} coin={p.asset} />
              </td>
              <td className="c-small">
                {s.otherUser !== null ? (
                  <Link to={`/users/${s.otherUser}`}>{userLabel(s.other ?? '', s.otherUser, t)}</Link>
                ) : s.other !== null ? (
                  accountLabel(s.other, t)
                ) : (
                  <span className="c-muted">—</span>
                )}
              </td>
              <td className="c-mono c-small">{p.reference}</td>
            </tr>
          );
        }}
      />
    </Card>
  );
}
