import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_QUERY, useMediaQuery } from '@/app/layouts/use-media-query';
import { marketPath } from '@/shared/config/paths';
import { formatCompact, formatPrice } from '@/shared/format/number';
import { livePriceOf, useLiveTicks, type LiveTick, type Ticker, useCoinList, useTicker, streamSymbol } from '@/features/market';
import { CandleChart } from '@/features/candle-chart';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Spinner, toast } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import type { SpotPair } from './api';
import { pickPair, rememberSymbol, rememberedSymbol, useDepthBook, useOrderStream, useRecentTrades, useSpotPairs } from './hooks';
import { MyOrders } from './MyOrders';
import { OrderBook, RecentTrades } from './OrderBook';
import { OrderForm } from './OrderForm';
import { PriceHeadline } from './PriceHeadline';
import { pairRules } from './order-math';
import { PairPicker, pairName } from './PairPicker';
import styles from './spot.module.css';

/**
 * The terminal's 24 h figures beside the pair (desktop): high, low, base volume and
 * quote (USDT) turnover, from the live tick when there is one, else the ticker.
 */
function PairStats({ ticker, tick, coin }: { ticker: Ticker | null | undefined; tick: LiveTick | undefined; coin: string }) {
  const { t } = useTranslation();
  const pick = (live: unknown, rest: string | undefined) => (typeof live === 'string' && live ? live : rest);
  const stats: { key: string; label: string; value: string }[] = [
    { key: 'high', label: t('desktop_high24'), value: formatPrice(pick(tick?.high, ticker?.high24)) },
    { key: 'low', label: t('desktop_low24'), value: formatPrice(pick(tick?.low, ticker?.low24)) },
    { key: 'vol', label: t('desktop_vol24', { coin }), value: formatCompact(pick(tick?.vol, ticker?.volume)) },
    { key: 'turnover', label: t('markets_col_turnover'), value: formatCompact(pick(tick?.quoteVolume, ticker?.volume2)) },
  ];
  return (
    <dl className={styles['spot-stats']} data-testid="spot-stats">
      {stats.map((s) => (
        <div key={s.key}>
          <dt className="muted">{s.label}</dt>
          <dd className="mono" data-testid={`spot-stat-${s.key}`}>
            {s.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An ORDER fill this long after the order was placed is news to the user: it gets a toast. */
const RESTING_FILL_MS = 1_500;

/** The BBTrading (spot) tab of /trade: pair, live book, trades, chart, order form and the user's orders. */
export function SpotPanel() {
  const { t } = useTranslation();
  const { pairs, isLoading, isError, refetch } = useSpotPairs();
  const [params, setParams] = useSearchParams();
  const requested = params.get('symbol');
  const pair = useMemo(() => pickPair(pairs, requested, rememberedSymbol()), [pairs, requested]);

  // Keep the URL and the remembered pair on the one shown.
  useEffect(() => {
    if (!pair) return;
    const s = streamSymbol(pair);
    rememberSymbol(s);
    if (requested !== s) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('tab', 'BBTrading');
          next.set('symbol', s);
          return next;
        },
        { replace: true },
      );
    }
  }, [pair, requested, setParams]);

  if (isLoading) {
    return (
      <div className={styles['spot-loading']}>
        <Spinner />
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!pair) return <EmptyState />;
  return <SpotPairView key={pair.symbol} pair={pair} pairs={pairs} side={params.get('side') === 'sell' ? 'sell' : 'buy'} onPick={(p) => setParams({ tab: 'BBTrading', symbol: streamSymbol(p) }, { replace: false })} />;
}

function SpotPairView({ pair, pairs, side, onPick }: { pair: SpotPair; pairs: SpotPair[]; side: 'buy' | 'sell'; onPick: (p: SpotPair) => void }) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const symbol = streamSymbol(pair);
  const rules = useMemo(() => pairRules(pair), [pair]);
  const isSign = useSession((s) => s.isSign);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const rows = desktop ? 12 : 7;
  const depth = useDepthBook(symbol, rows);
  const trades = useRecentTrades(symbol);
  useOrderStream((order) => {
    // A resting order that fills later (not the submit's own answer, which the form reports).
    const created = Date.parse(String(order.createTime ?? ''));
    const updated = Date.parse(String(order.updateTime ?? ''));
    if (!(updated - created > RESTING_FILL_MS)) return;
    if (order.status === 'filled') toast(t('spot_result_filled'), 'success');
    else if (order.status === 'partial') toast(t('spot_result_partial'), 'success');
  });
  const balance = useAssetBalance(isSign);

  const coins = useCoinList();
  const market = coins.data?.coinList.find((c) => c.coin.toLowerCase() === pair.coin.toLowerCase());
  const ticker = useTicker(symbol);
  const tick = useLiveTicks((s) => s.bySymbol[symbol]);
  const tk = ticker.data;
  const live = livePriceOf({ coin: pair.coin, symbol, amount: tk?.close ?? market?.amount, open: tk?.openPrice ?? market?.open }, tick ? { ...tick, open: tk?.openPrice ?? (tick.open as string | undefined) } : undefined);
  const lastTrade = trades[0] ?? null;
  const refPrice = lastTrade?.price ?? (depth.view.mid ? depth.view.mid.toFixed() : live.price);

  const asks = useMemo(() => depth.view.asks.map((r) => [r.price, r.amount] as [string, string]), [depth.view]);
  const bids = useMemo(() => depth.view.bids.map((r) => [r.price, r.amount] as [string, string]), [depth.view]);

  return (
    <div className={styles.spot} data-testid="spot" data-symbol={symbol}>
      <header className={styles['spot-head']}>
        <button type="button" className={styles['spot-pair']} onClick={() => setPicking(true)} data-testid="spot-pair">
          <span className="spot-pair-name">{pairName(pair)}</span>
          <Icon name="chevron" size={16} />
        </button>
        <PriceHeadline last={lastTrade} index={live} rules={rules} />
        {desktop ? <PairStats ticker={tk} tick={tick} coin={pair.coin.toUpperCase()} /> : null}
        <Link to={marketPath(symbol)} className={styles['spot-full-chart']} data-testid="spot-full-chart">
          {t('spot_fullChart')}
          <Icon name="chevron" size={14} />
        </Link>
      </header>

      <div className={styles['spot-grid']}>
        <section className={styles['spot-chart']} aria-label={t('spot_chart')}>
          <CandleChart symbol={symbol} interval="15m" />
        </section>
        <section className={styles['spot-form']}>
          <OrderForm
            pair={pair}
            asks={asks}
            bids={bids}
            refPrice={refPrice}
            picked={picked}
            isSign={isSign}
            quoteAvailable={balance.data ? availableOf(balance.data, 'spot', 'USDT') : undefined}
            baseAvailable={balance.data ? availableOf(balance.data, 'spot', pair.coin) : undefined}
            initialSide={side}
          />
        </section>
        <section className={`${styles['spot-book']} card`} aria-label={t('spot_book')}>
          <h2 className={styles['spot-title']}>{t('spot_book')}</h2>
          <OrderBook depth={depth} rules={rules} last={lastTrade} rows={rows} onPick={(p) => setPicked((x) => ({ price: p, n: (x?.n ?? 0) + 1 }))} />
        </section>
        <section className={`${styles['spot-trades']} card`} aria-label={t('spot_trades')}>
          <h2 className={styles['spot-title']}>{t('spot_trades')}</h2>
          <RecentTrades trades={trades} rules={rules} />
        </section>
      </div>

      <MyOrders symbol={symbol} isSign={isSign} />
      <PairPicker
        open={picking}
        pairs={pairs}
        current={symbol}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicking(false);
          onPick(p);
        }}
      />
    </div>
  );
}
