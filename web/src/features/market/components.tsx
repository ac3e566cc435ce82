import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatPercent, formatTickPercent } from '@/shared/format/number';
import { usePriceFormat } from '@/shared/format/use-price';
import { marketPath, paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Icon, Ltr } from '@/shared/ui';
import { useLivePrice } from './live';
import { useCoinVolume, useIsWatched, useToggleWatch } from './queries';
import { coinLabel, displaySymbol, needsVolumeLookup, streamSymbol } from './symbol';
import type { CoinItem } from './types';

/** Up green, down red, flat neutral. */
export function toneClass(sign: number): string {
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/**
 * The sign of a 24 h change: list prices take the colour of the day's change, as the
 * change badge beside them does (not the direction of the last tick).
 */
export function percentSign(percent: { isZero(): boolean; isNegative(): boolean } | null | undefined): -1 | 0 | 1 {
  if (!percent || percent.isZero()) return 0;
  return percent.isNegative() ? -1 : 1;
}

export function CoinLogo({ item, size = 32 }: { item: Pick<CoinItem, 'coin' | 'logo' | 'market'>; size?: number }) {
  const label = coinLabel(item);
  return item.logo ? (
    <img className="coin-logo" src={item.logo} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="coin-logo coin-logo-text" style={{ width: size, height: size }} aria-hidden="true">
      {label.slice(0, 3)}
    </span>
  );
}

/** Percent change, 2 decimals; live ticks show at least 0.01 (spec 9). */
export function ChangeBadge({ percent, live, solid = false }: { percent: ReturnType<typeof useLivePrice>['percent']; live: boolean; solid?: boolean }) {
  const sign = percentSign(percent);
  const text = percent ? (live ? formatTickPercent(percent) : formatPercent(percent)) : '--';
  return (
    <span className={`change ${toneClass(sign)} ${solid ? 'change-solid' : ''}`} data-testid="coin-change">
      {/* The sign stays before the digits in right-to-left languages ("+2.13%", not "2.13%+"). */}
      <Ltr>{text}</Ltr>
    </span>
  );
}

/** Star toggling the watchlist; signed out it sends to /lr. */
export function WatchStar({ coin, size = 20 }: { coin: string; size?: number }) {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const watched = useIsWatched(coin);
  const toggle = useToggleWatch();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`icon-btn star ${watched ? 'star-on' : ''}`}
      aria-pressed={watched}
      aria-label={watched ? t('market_unwatch') : t('market_watch')}
      data-testid={`star-${coin.toLowerCase()}`}
      disabled={toggle.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!isSign) {
          navigate(paths.lr);
          return;
        }
        toggle.mutate({ coin: coin.toLowerCase(), watched });
      }}
    >
      <Icon name="star" size={size} fill={watched ? 'currentColor' : 'none'} />
    </button>
  );
}

/**
 * The row's 24 h figure: quote (USDT) turnover when the list carries it; a coinType 3
 * coin without one falls back to its per-coin base volume lookup (spec 3).
 */
function Volume24({ item }: { item: CoinItem & { turnover?: string } }) {
  const { t } = useTranslation();
  const lookup = useCoinVolume(item);
  if (item.turnover) {
    return (
      <span className="muted small" data-testid="coin-turnover" title={t('markets_turnover24')}>
        <span className="visually-hidden">{t('markets_turnover24')} </span>
        {formatCompact(item.turnover)} USDT
      </span>
    );
  }
  const vol = needsVolumeLookup(item) ? lookup.data : undefined;
  if (!vol) return <span className="muted small">{coinLabel(item)}</span>;
  return (
    <span className="muted small">
      {t('market_vol24')} {formatCompact(vol)} {coinLabel(item)}
    </span>
  );
}

type RowItem = CoinItem & { priceChangePercent?: string; turnover?: string };

/**
 * One market row: logo, pair, live price and change. Tapping opens the market
 * detail. The price takes the colour of the 24 h change. Prices stay decimal
 * strings all the way to the screen. `turnover` shows the 24 h USDT turnover
 * under the pair.
 */
export function CoinRow({ item, star = false, testId, turnover }: { item: RowItem; star?: boolean; testId?: string; turnover?: boolean }) {
  const live = useLivePrice(item);
  const prices = usePriceFormat();
  const symbol = streamSymbol(item);
  return (
    <li className="coin-item">
      <Link to={marketPath(symbol)} className="coin-row" data-testid={testId ?? `coin-${symbol}`} data-symbol={symbol}>
        <CoinLogo item={item} />
        <span className="coin-names">
          <span className="coin-pair">{displaySymbol(item).toUpperCase()}</span>
          {turnover ? <Volume24 item={item} /> : <span className="muted small">{coinLabel(item)}</span>}
        </span>
        <span className={`coin-price mono ${toneClass(percentSign(live.percent))}`} data-testid="coin-price">
          {prices.price(live.price, item.coin)}
        </span>
        <ChangeBadge percent={live.percent} live={live.live} solid />
      </Link>
      {star ? <WatchStar coin={item.coin} /> : null}
    </li>
  );
}

export function CoinRows({ items, star, turnover, testId }: { items: RowItem[]; star?: boolean; turnover?: boolean; testId?: string }) {
  return (
    <ul className="coin-rows" data-testid={testId}>
      {items.map((item) => (
        <CoinRow key={`${item.coin}-${item.symbol ?? ''}`} item={item} star={star} turnover={turnover} />
      ))}
    </ul>
  );
}
