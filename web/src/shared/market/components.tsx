import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatPercent, formatPrice, formatTickPercent } from '@/shared/format/number';
import { marketPath, paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Icon } from '@/shared/ui';
import { useLivePrice } from './live';
import { useCoinVolume, useIsWatched, useToggleWatch } from './queries';
import { coinLabel, displaySymbol, needsVolumeLookup, streamSymbol } from './symbol';
import type { CoinItem } from './types';

/** Up green, down red, flat neutral. */
export function toneClass(sign: number): string {
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
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
  const sign = percent ? (percent.isZero() ? 0 : percent.isNegative() ? -1 : 1) : 0;
  const text = percent ? (live ? formatTickPercent(percent) : formatPercent(percent)) : '--';
  return (
    <span className={`change ${toneClass(sign)} ${solid ? 'change-solid' : ''}`} data-testid="coin-change">
      {text}
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

function Volume24({ item, fallback }: { item: CoinItem; fallback?: string }) {
  const { t } = useTranslation();
  const lookup = useCoinVolume(item);
  const vol = needsVolumeLookup(item) ? lookup.data : fallback;
  if (!vol) return null;
  return (
    <span className="muted small">
      {t('market_vol24')} {formatCompact(vol)}
    </span>
  );
}

/**
 * One market row: logo, pair, live price and change. Tapping opens the market
 * detail. Prices stay decimal strings all the way to the screen.
 */
export function CoinRow({ item, star = false, testId, volume }: { item: CoinItem & { priceChangePercent?: string; volume?: string }; star?: boolean; testId?: string; volume?: boolean }) {
  const live = useLivePrice(item);
  const symbol = streamSymbol(item);
  return (
    <li className="coin-item">
      <Link to={marketPath(symbol)} className="coin-row" data-testid={testId ?? `coin-${symbol}`} data-symbol={symbol}>
        <CoinLogo item={item} />
        <span className="coin-names">
          <span className="coin-pair">{displaySymbol(item).toUpperCase()}</span>
          {volume ? <Volume24 item={item} fallback={item.volume} /> : <span className="muted small">{coinLabel(item)}</span>}
        </span>
        <span className={`coin-price mono ${live.tick > 0 ? 'tick-up' : live.tick < 0 ? 'tick-down' : ''}`} data-testid="coin-price">
          {formatPrice(live.price)}
        </span>
        <ChangeBadge percent={live.percent} live={live.live} solid />
      </Link>
      {star ? <WatchStar coin={item.coin} /> : null}
    </li>
  );
}

export function CoinRows({ items, star, volume, testId }: { items: (CoinItem & { priceChangePercent?: string; volume?: string })[]; star?: boolean; volume?: boolean; testId?: string }) {
  return (
    <ul className="coin-rows" data-testid={testId}>
      {items.map((item) => (
        <CoinRow key={`${item.coin}-${item.symbol ?? ''}`} item={item} star={star} volume={volume} />
      ))}
    </ul>
  );
}
