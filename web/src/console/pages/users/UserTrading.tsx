// The user's trading on the user page: spot orders, futures positions,
// second-contract and option orders, open or done, each paged on the server.
// For operators who review funds.
import { useState } from 'react';
import type { components } from '@/shared/api/schema';
import { fmtDateTime, fmtNumber } from '../../format';
import { Badge } from '../../layout/ui';
import type { CT } from '../../layout/useCt';
import type { ConsoleLanguage } from '../../session';
import { PagedRows } from './PagedRows';

type UserSpotOrder = components['schemas']['UserSpotOrder'];
type UserFuturesPosition = components['schemas']['UserFuturesPosition'];
type UserContractOrder = components['schemas']['UserContractOrder'];

const PRODUCTS = ['spot', 'futures', 'secondContracts', 'options'] as const;
type Product = (typeof PRODUCTS)[number];
const STATES = ['open', 'closed'] as const;
type State = (typeof STATES)[number];

const OUTCOME_TONE: Record<string, 'ok' | 'bad' | 'muted'> = { win: 'ok', lose: 'bad', draw: 'muted', void: 'muted' };

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
            head={
              <tr>
                <th className="c-right">#</th>
                <th>{t('users.trading.symbol')}</th>
                <th>{t('users.trading.side')}</th>
                <th className="c-right">{t('users.trading.price')}</th>
                <th className="c-right">{t('users.trading.qty')}</th>
                <th className="c-right">{t('users.trading.filled')}</th>
                <th className="c-right">{t('users.trading.frozen')}</th>
                <th>{t('users.col.status')}</th>
                <th>{t('users.trading.time')}</th>
              </tr>
            }
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
            head={
              <tr>
                <th className="c-right">#</th>
                <th>{t('users.trading.symbol')}</th>
                <th>{t('users.trading.side')}</th>
                <th className="c-right">{t('users.trading.qty')}</th>
                <th className="c-right">{t('users.trading.entry')}</th>
                <th className="c-right">{t('users.trading.margin')}</th>
                <th className="c-right">{t('users.trading.realised')}</th>
                <th>{t('users.col.status')}</th>
                <th>{t('users.trading.opened')}</th>
              </tr>
            }
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
      default:
        return (
          <PagedRows<UserContractOrder>
            key={key}
            {...common}
            queryKey={['console', 'user-contracts', userId, product, state]}
            url={`/api/admin/users/${userId}/contract-orders`}
            params={{ product, state }}
            head={
              <tr>
                <th>{t('users.trading.orderNo')}</th>
                <th>{t('users.trading.symbol')}</th>
                <th>{t('users.trading.direction')}</th>
                <th className="c-right">{t('users.trading.stake')}</th>
                <th className="c-right">{t('users.trading.openPrice')}</th>
                <th className="c-right">{t('users.trading.closePrice')}</th>
                <th>{t('users.trading.outcome')}</th>
                <th className="c-right">{t('users.trading.winnings')}</th>
                <th>{t('users.trading.opened')}</th>
              </tr>
            }
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
            {t(`users.trading.products.${p}`)}
          </button>
        ))}
      </div>
      <div className="c-tabs" role="tablist" aria-label={t('users.trading.state')}>
        {STATES.map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} className={state === s ? 'c-tab is-active' : 'c-tab'} onClick={() => setState(s)}>
            {t(`users.trading.states.${s}`)}
          </button>
        ))}
      </div>
      {list()}
    </div>
  );
}
