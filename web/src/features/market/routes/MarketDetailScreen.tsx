import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatPrice } from '@/shared/format/number';
import { ChangeBadge, WatchStar, toneClass } from '@/features/market/components';
import { livePriceOf, useLiveDetails, useLiveTicks } from '@/features/market/live';
import { useCoinList, useTicker } from '@/features/market/queries';
import { allMarkets } from '@/features/market/search';
import { displaySymbol, streamSymbol } from '@/features/market/symbol';
import { INTERVALS, isInterval, type Interval } from '@/features/market/types';
import { toDecimal } from '@/shared/format/number';
import { Page } from '@/shared/ui';
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
  const tick = useLiveTicks((s) => s.bySymbol[symbol]);
  const tk = ticker.data;

  // The live tick moves the price; the ticker's 24 h open anchors the change.
  const live = livePriceOf({ coin: item?.coin ?? symbol, symbol, amount: tk?.close ?? item?.amount, open: tk?.openPrice ?? item?.open }, tick ? { ...tick, open: tk?.openPrice ?? (tick.open as string | undefined) } : undefined);
  const percent = live.percent ?? toDecimal(tk?.priceChangePercent);
  const sign = percent ? (percent.isZero() ? 0 : percent.isNegative() ? -1 : 1) : 0;
  const coin = item?.coin ?? tk?.coin ?? symbol.replace(/usdt$/, '');
  const title = item ? displaySymbol(item).toUpperCase() : symbol.toUpperCase();

  return (
    <Page title={title} testId="screen-market" right={<WatchStar coin={coin} size={22} />}>
      <div className="stack">
        <section className="card market-head">
          <div className="market-price-block">
            <span className={`market-price mono ${toneClass(sign)}`} data-testid="market-price">
              {formatPrice(live.price)}
            </span>
            <ChangeBadge percent={percent} live={live.live} solid />
            {tk?.index?.stale ? <span className="chip chip-warning" data-testid="market-stale">{t('market_stale')}</span> : null}
          </div>
          <div className="market-stats">
            <Stat label={t('market_high24')} value={formatPrice(tk?.high24)} testId="market-high" />
            <Stat label={t('market_low24')} value={formatPrice(tk?.low24)} testId="market-low" />
            <Stat label={t('market_vol24')} value={formatCompact(tk?.volume24 ?? tk?.volume)} testId="market-volume" />
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
      </div>
    </Page>
  );
}
