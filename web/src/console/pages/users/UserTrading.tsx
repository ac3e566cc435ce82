// The user's trading on the user page: spot orders, futures positions and
// orders, second-contract and option orders, earn orders (finance and
// staking), open or done, each paged on the server. For operators who review
// funds.
import { useState } from 'react';
import type { components } from '@/shared/api/schema';
import { fmtDateTime, fmtNumber } from '../../format';
import { SortTh } from '../../layout/sort';
import { Badge } from '../../layout/ui';
import type { CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { PagedRows } from './PagedRows';
import { keyFor } from '../../keys';

type UserSpotOrder = components['schemas']['UserSpotOrder'];
type UserFuturesPosition = components['schemas']['UserFuturesPosition'];
type UserContractOrder = components['schemas']['UserContractOrder'];
type UserFuturesOrder = components['schemas']['UserFuturesOrder'];
type UserEarnOrder = components['schemas']['UserEarnOrder'];

const PRODUCTS = ['spot', 'futures', 'futuresOrders', 'secondContracts', 'options', 'earn'] as const;
type Product = (typeof PRODUCTS)[number];
const STATES = ['open', 'closed'] as const;
type State = (typeof STATES)[number];

const OUTCOME_TONE: Record<string, 'ok' | 'bad' | 'muted'> = { win: 'ok', lose: 'bad', draw: 'muted', void: 'muted' };
/** The server's own order for every list here. */
const NEWEST = { orderBy: 'id', order: 'desc' } as const;
const ORDER_TONE: Record<string, 'ok' | 'bad' | 'muted' | 'info'> = { waiting: 'info', filled: 'ok', cancelled: 'muted', earning: 'info', settled: 'ok', redeemed: 'muted' };

export function Trading({ userId, t, lang }: { userId: number; t: CT; lang: ConsoleLanguage }) {
  const [product, setProduct] = useState<Product>('spot');
  const [state, setState] = useState<State>('open');
  const n = (v: string | null | undefined) => fmtNumber(v, lang);
  const list = () => {
    const common = { pageSize: 10, empty: t('users.trading.none') };
    const key = `${product}-${state}`;
    switch (product) {
      case 'spot':
        return (
          <PagedRows<UserSpotOrder>
            key={key}
            {...common}
            queryKey={['console', 'user-spot', userId, state]}
            url={`/api/admin/users/${userId}/spot-orders`}
            params={{ state }}
            defaultSort={NEWEST}
            head={(s) => (
              <tr>
                <SortTh column="id" first="desc" className="c-right" {...s}>
                  #
                </SortTh>
                <SortTh column="symbol" {...s}>
                  {t('users.trading.symbol')}
                </SortTh>
                <SortTh column="side" {...s}>
                  {t('users.trading.side')}
                </SortTh>
                <SortTh column="price" first="desc" className="c-right" {...s}>
                  {t('users.trading.price')}
                </SortTh>
                <SortTh column="qty" first="desc" className="c-right" {...s}>
                  {t('users.trading.qty')}
                </SortTh>
                <th className="c-right">{t('users.trading.filled')}</th>
                <th className="c-right">{t('users.trading.frozen')}</th>
                <SortTh column="status" {...s}>
                  {t('users.col.status')}
                </SortTh>
                <SortTh column="createTime" first="desc" {...s}>
                  {t('users.trading.time')}
                </SortTh>
              </tr>
            )}
            row={(o) => (
              <tr key={o.id} data-testid="trading-row">
                <td className="c-right c-mono">{o.id}</td>
                <td className="c-coin">{o.symbol}</td>
                <td>
                  {o.side} <span className="c-muted c-small">{o.kind}</span>
                </td>
                <td className="c-right c-num">{n(o.price)}</td>
                <td className="c-right c-num">{n(o.qty ?? o.quoteAmount)}</td>
                <td className="c-right c-num">{n(o.filledQty)}</td>
                <td className="c-right c-num">
                  {n(o.frozen)} <span className="c-muted c-small">{o.frozenAsset}</span>
                </td>
                <td>{o.status}</td>
                <td className="c-mono c-small">{fmtDateTime(o.createTime)}</td>
              </tr>
            )}
          />
        );
      case 'futures':
        return (
          <PagedRows<UserFuturesPosition>
            key={key}
            {...common}
            queryKey={['console', 'user-futures', userId, state]}
            url={`/api/admin/users/${userId}/futures-positions`}
            params={{ state }}
            defaultSort={NEWEST}
            head={(s) => (
              <tr>
                <SortTh column="id" first="desc" className="c-right" {...s}>
                  #
                </SortTh>
                <SortTh column="symbol" {...s}>
                  {t('users.trading.symbol')}
                </SortTh>
                <SortTh column="side" {...s}>
                  {t('users.trading.side')}
                </SortTh>
                <SortTh column="qty" first="desc" className="c-right" {...s}>
                  {t('users.trading.qty')}
                </SortTh>
                <SortTh column="entryPrice" first="desc" className="c-right" {...s}>
                  {t('users.trading.entry')}
                </SortTh>
                <SortTh column="margin" first="desc" className="c-right" {...s}>
                  {t('users.trading.margin')}
                </SortTh>
                <th className="c-right">{t('users.trading.realised')}</th>
                <SortTh column="status" {...s}>
                  {t('users.col.status')}
                </SortTh>
                <SortTh column="openTimeMs" first="desc" {...s}>
                  {t('users.trading.opened')}
                </SortTh>
              </tr>
            )}
            row={(p) => (
              <tr key={p.id} data-testid="trading-row">
                <td className="c-right c-mono">{p.id}</td>
                <td className="c-coin">
                  {p.symbol}
                  {p.portfolio !== 0 ? <span className="c-muted c-small"> · {t('users.trading.copied')}</span> : null}
                </td>
                <td>
                  {p.side} <span className="c-muted c-small">{p.leverage}×</span>
                </td>
                <td className="c-right c-num">{n(p.qty)}</td>
                <td className="c-right c-num">{n(p.entryPrice)}</td>
                <td className="c-right c-num">{n(p.margin)}</td>
                <td className="c-right c-num">{n(p.realised)}</td>
                <td>{p.status}</td>
                <td className="c-mono c-small">{fmtDateTime(p.openTimeMs)}</td>
              </tr>
            )}
          />
        );
      case 'futuresOrders':
        return (
          <PagedRows<UserFuturesOrder>
            key={key}
            {...common}
            testId="user-futures-orders"
            queryKey={['console', 'user-futures-orders', userId, state]}
            url={`/api/admin/users/${userId}/futures-orders`}
            params={{ state }}
            defaultSort={NEWEST}
            head={(s) => (
              <tr>
                <SortTh column="id" first="desc" {...s}>
                  {t('users.trading.orderNo')}
                </SortTh>
                <SortTh column="symbol" {...s}>
                  {t('users.trading.symbol')}
                </SortTh>
                <SortTh column="side" {...s}>
                  {t('users.trading.side')}
                </SortTh>
                <SortTh column="qty" first="desc" className="c-right" {...s}>
                  {t('users.trading.qty')}
                </SortTh>
                <th className="c-right">{t('users.trading.limitPrice')}</th>
                <th className="c-right">{t('users.trading.dealPrice')}</th>
                <SortTh column="margin" first="desc" className="c-right" {...s}>
                  {t('users.trading.margin')}
                </SortTh>
                <SortTh column="fee" first="desc" className="c-right" {...s}>
                  {t('users.trading.fee')}
                </SortTh>
                <SortTh column="status" {...s}>
                  {t('users.col.status')}
                </SortTh>
                <SortTh column="createTimeMs" first="desc" {...s}>
                  {t('users.trading.time')}
                </SortTh>
              </tr>
            )}
            row={(o) => (
              <tr key={o.id} data-testid="trading-row">
                <td className="c-mono c-small">{o.orderNo}</td>
                <td className="c-coin">{o.symbol}</td>
                <td>
                  {o.side} <span className="c-muted c-small">{o.leverage}× · {t(keyFor('users.trading.kinds.', o.kind), { defaultValue: o.kind })}</span>
                  {o.action === 'close' ? <span className="c-muted c-small"> · {t('users.trading.closing')}</span> : null}
                </td>
                <td className="c-right c-num">{n(o.qty)}</td>
                <td className="c-right c-num">{n(o.limitPrice)}</td>
                <td className="c-right c-num">{n(o.dealPrice)}</td>
                <td className="c-right c-num">{n(o.margin)}</td>
                <td className="c-right c-num">{n(o.fee)}</td>
                <td>
                  <Badge tone={ORDER_TONE[o.status] ?? 'muted'}>{t(keyFor('users.trading.status.', o.status), { defaultValue: o.status })}</Badge>
                  {o.reason ? <span className="c-muted c-small"> {o.reason}</span> : null}
                </td>
                <td className="c-mono c-small">{fmtDateTime(o.createTimeMs)}</td>
              </tr>
            )}
          />
        );
      case 'earn':
        return (
          <PagedRows<UserEarnOrder>
            key={key}
            {...common}
            testId="user-earn-orders"
            queryKey={['console', 'user-earn', userId, state]}
            url={`/api/admin/users/${userId}/earn-orders`}
            params={{ state }}
            defaultSort={NEWEST}
            head={(s) => (
              <tr>
                <SortTh column="id" first="desc" {...s}>
                  {t('users.trading.orderNo')}
                </SortTh>
                <SortTh column="kind" {...s}>
                  {t('users.trading.earnProduct')}
                </SortTh>
                <SortTh column="amount" first="desc" className="c-right" {...s}>
                  {t('users.trading.principal')}
                </SortTh>
                <SortTh column="days" first="desc" className="c-right" {...s}>
                  {t('users.trading.term')}
                </SortTh>
                <SortTh column="reserved" first="desc" className="c-right" {...s}>
                  {t('users.trading.reserved')}
                </SortTh>
                <SortTh column="accrued" first="desc" className="c-right" {...s}>
                  {t('users.trading.accrued')}
                </SortTh>
                <SortTh column="status" {...s}>
                  {t('users.col.status')}
                </SortTh>
                <SortTh column="endTimeMs" first="desc" {...s}>
                  {t('users.trading.maturity')}
                </SortTh>
              </tr>
            )}
            row={(o) => (
              <tr key={o.id} data-testid="trading-row">
                <td className="c-mono c-small">{o.orderNo}</td>
                <td>
                  {o.productTitle || `#${o.productId}`} <span className="c-muted c-small">{t(keyFor('users.trading.earnKinds.', o.kind), { defaultValue: o.kind })}</span>
                </td>
                <td className="c-right c-num">
                  {n(o.amount)} <span className="c-muted c-small">{o.coin}</span>
                </td>
                <td className="c-right c-nowrap">
                  {t('users.trading.days', { n: o.days })}
                  {o.apr ? <span className="c-muted c-small"> · {t('users.trading.apr', { apr: o.apr })}</span> : null}
                </td>
                <td className="c-right c-num">{n(o.reserved)}</td>
                <td className="c-right c-num">
                  {n(o.accrued)}
                  {o.paid !== '0' ? <span className="c-muted c-small"> ({t('users.trading.paid', { amount: n(o.paid) })})</span> : null}
                </td>
                <td>
                  <Badge tone={ORDER_TONE[o.status] ?? 'muted'}>{t(keyFor('users.trading.status.', o.status), { defaultValue: o.status })}</Badge>
                  {o.penalty !== '0' || o.forfeited !== '0' ? (
                    <span className="c-muted c-small"> {t('users.trading.penalty', { penalty: n(o.penalty), forfeited: n(o.forfeited) })}</span>
                  ) : null}
                </td>
                <td className="c-mono c-small">
                  {fmtDateTime(o.endTimeMs)}
                  {o.settleTimeMs ? <div className="c-muted">{t('users.trading.settledAt', { time: fmtDateTime(o.settleTimeMs) })}</div> : null}
                </td>
              </tr>
            )}
          />
        );
      default:
        return (
          <PagedRows<UserContractOrder>
            key={key}
            {...common}
            queryKey={['console', 'user-contracts', userId, product, state]}
            url={`/api/admin/users/${userId}/contract-orders`}
            params={{ product, state }}
            defaultSort={NEWEST}
            head={(s) => (
              <tr>
                <SortTh column="id" first="desc" {...s}>
                  {t('users.trading.orderNo')}
                </SortTh>
                <SortTh column="symbol" {...s}>
                  {t('users.trading.symbol')}
                </SortTh>
                <th>{t('users.trading.direction')}</th>
                <SortTh column="stake" first="desc" className="c-right" {...s}>
                  {t('users.trading.stake')}
                </SortTh>
                <th className="c-right">{t('users.trading.openPrice')}</th>
                <th className="c-right">{t('users.trading.closePrice')}</th>
                <SortTh column="outcome" {...s}>
                  {t('users.trading.outcome')}
                </SortTh>
                <th className="c-right">{t('users.trading.winnings')}</th>
                <SortTh column="openTimeMs" first="desc" {...s}>
                  {t('users.trading.opened')}
                </SortTh>
              </tr>
            )}
            row={(o) => (
              <tr key={o.id} data-testid="trading-row">
                <td className="c-mono c-small">{o.orderNo}</td>
                <td className="c-coin">
                  {o.symbol} <span className="c-muted c-small">{o.periodSeconds}s</span>
                </td>
                <td>{o.direction}</td>
                <td className="c-right c-num">{n(o.stake)}</td>
                <td className="c-right c-num">{n(o.openPrice)}</td>
                <td className="c-right c-num">{n(o.closePrice)}</td>
                <td>{o.outcome ? <Badge tone={OUTCOME_TONE[o.outcome] ?? 'muted'}>{o.outcome}</Badge> : o.status}</td>
                <td className="c-right c-num">{n(o.winnings)}</td>
                <td className="c-mono c-small">{fmtDateTime(o.openTimeMs)}</td>
              </tr>
            )}
          />
        );
    }
  };
  return (
    <div data-testid="user-trading">
      <div className="c-tabs" role="tablist" aria-label={t('users.trading.product')}>
        {PRODUCTS.map((p) => (
          <button key={p} type="button" role="tab" aria-selected={product === p} className={product === p ? 'c-tab is-active' : 'c-tab'} onClick={() => setProduct(p)}>
            {t(keyFor('users.trading.products.', p))}
          </button>
        ))}
      </div>
      <div className="c-tabs" role="tablist" aria-label={t('users.trading.state')}>
        {STATES.map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} className={state === s ? 'c-tab is-active' : 'c-tab'} onClick={() => setState(s)}>
            {t(keyFor('users.trading.states.', s))}
          </button>
        ))}
      </div>
      {list()}
    </div>
  );
}
