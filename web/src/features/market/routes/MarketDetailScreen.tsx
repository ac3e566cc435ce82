import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/shared/format/number';
import { usePriceFormat } from '@/shared/format/use-price';
import { ChangeBadge, WatchStar, toneClass } from '@/features/market/components';
import { livePriceOf, useLiveDetails, useLiveTicks } from '@/features/market/live';
import { useCoinList, useTicker } from '@/features/market/queries';
import { allMarkets } from '@/features/market/search';
import { displaySymbol, streamSymbol } from '@/features/market/symbol';
import { INTERVALS, isInterval, type Interval } from '@/features/market/types';
import { toDecimal } from '@/shared/format/number';
import { Page } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import styles from './market-detail.module.css';
import { CandleChart } from '@/features/candle-chart';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="market-stat">
      <span className="muted small">{label}</span>
      <span className="mono" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** /market/:symbol: price, 24 h stats, candlestick chart with intervals and volume, watchlist star. */
export default function MarketDetailScreen() {
  const { t } = useTranslation();
  const { symbol: raw = '' } = useParams();
  const symbol = streamSymbol(raw);
  const [params, setParams] = useSearchParams();
  const requested = params.get('interval');
  const interval: Interval = isInterval(requested) ? requested : '1m';
  useLiveDetails();
  const coins = useCoinList();
  const item = useMemo(() => allMarkets(coins.data).find((m) => streamSymbol(m) === symbol), [coins.data, symbol]);
  const ticker = useTicker(symbol);
  const prices = usePriceFormat();
  const tick = useLiveTicks((s) => s.bySymbol[symbol]);
  const tk = ticker.data;

  // The live tick moves the price; the ticker's 24 h open anchors the change.
  const live = livePriceOf({ coin: item?.coin ?? symbol, symbol, amount: tk?.close ?? item?.amount, open: tk?.openPrice ?? item?.open }, tick ? { ...tick, open: tk?.openPrice ?? (tick.open as string | undefined) } : undefined);
  const percent = live.percent ?? toDecimal(tk?.priceChangePercent);
  const sign = percent ? (percent.isZero() ? 0 : percent.isNegative() ? -1 : 1) : 0;
  const coin = item?.coin ?? tk?.coin ?? symbol.replace(/usdt$/, '');
  const title = item ? displaySymbol(item).toUpperCase() : symbol.toUpperCase();
  // The coin's spot pair, when it has one: Buy and Sell open its order form with the side chosen.
  const spot = coins.data?.currencyList?.find((p) => p.coin?.toLowerCase() === coin.toLowerCase());
  const spotHref = (side: 'buy' | 'sell') => `${paths.trade}?tab=BBTrading&symbol=${encodeURIComponent(spot ? streamSymbol(spot) : symbol)}&side=${side}`;

  return (
    <Page title={title} testId="screen-market" right={<WatchStar coin={coin} size={22} />}>
      <div className="stack">
        <section className="card market-head">
          <div className="market-price-block">
            <span className={`market-price mono ${toneClass(sign)}`} data-testid="market-price">
              {prices.price(live.price, coin)}
            </span>
            <ChangeBadge percent={percent} live={live.live} solid />
            {tk?.index?.stale ? <span className="chip chip-warning" data-testid="market-stale">{t('market_stale')}</span> : null}
          </div>
          <div className="market-stats">
            <Stat label={t('market_high24')} value={prices.price(tk?.high24, coin)} testId="market-high" />
            <Stat label={t('market_low24')} value={prices.price(tk?.low24, coin)} testId="market-low" />
            <Stat label={t('market_vol24Quote', { quote: 'USDT' })} value={formatCompact(tk?.volume24 ?? tk?.volume)} testId="market-volume" />
          </div>
        </section>
        <div className="intervals" role="tablist" aria-label={t('market_interval')} data-testid="market-intervals">
          {INTERVALS.map((iv) => (
            <button
              key={iv}
              type="button"
              role="tab"
              aria-selected={iv === interval}
              className={`interval ${iv === interval ? 'interval-active' : ''}`}
              onClick={() => setParams({ interval: iv }, { replace: true })}
              data-testid={`interval-${iv}`}
            >
              {iv}
            </button>
          ))}
        </div>
        <CandleChart symbol={symbol} interval={interval} />
        {spot ? (
          <div className={styles.actions}>
            <Link to={spotHref('buy')} className={`btn ${styles.buy}`} data-testid="market-buy">
              {t('spot_buyCoin', { coin: coin.toUpperCase() })}
            </Link>
            <Link to={spotHref('sell')} className={`btn ${styles.sell}`} data-testid="market-sell">
              {t('spot_sellCoin', { coin: coin.toUpperCase() })}
            </Link>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
