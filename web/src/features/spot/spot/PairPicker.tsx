import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceFormat } from '@/shared/format/use-price';
import { ChangeBadge, CoinLogo, useLivePrice, useCoinList, streamSymbol, type CoinItem } from '@/features/market';
import { BottomSheet, EmptyState } from '@/shared/ui';
import type { SpotPair } from './api';
import styles from './spot.module.css';

export function pairName(pair: Pick<SpotPair, 'coin'>): string {
  return `${pair.coin.toUpperCase()}/USDT`;
}

function PairLine({ pair, market, active, onPick }: { pair: SpotPair; market: CoinItem | undefined; active: boolean; onPick: () => void }) {
  const live = useLivePrice({ coin: pair.coin, symbol: pair.symbol, amount: market?.amount, open: market?.open });
  const prices = usePriceFormat();
  return (
    <button type="button" className={`sheet-item ${styles['pair-line']} ${active ? 'active' : ''}`} onClick={onPick} data-testid={`pair-${streamSymbol(pair)}`}>
      <CoinLogo item={{ coin: pair.coin, logo: market?.logo }} size={28} />
      <span className={styles['pair-line-name']}>{pairName(pair)}</span>
      <span className={`mono ${styles['pair-line-price']}`}>{prices.price(live.price, pair.coin)}</span>
      <ChangeBadge percent={live.percent} live={live.live} />
    </button>
  );
}

/** The spot pairs (currencyList) with live prices and a search; picking one closes the sheet. */
export function PairPicker({ open, pairs, current, onPick, onClose }: { open: boolean; pairs: SpotPair[]; current?: string; onPick: (p: SpotPair) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const coins = useCoinList();
  const markets = useMemo(() => {
    const map = new Map<string, CoinItem>();
    for (const c of coins.data?.coinList ?? []) map.set(c.coin.toLowerCase(), c);
    return map;
  }, [coins.data]);
  const shown = pairs.filter((p) => !q.trim() || pairName(p).toLowerCase().includes(q.trim().toLowerCase()) || p.symbol.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <BottomSheet open={open} title={t('spot_pairs')} onClose={onClose} testId="pair-picker">
      <div className={styles['pair-search']}>
        <input className="field-box field-input" placeholder={t('search_placeholder')} value={q} onChange={(e) => setQ(e.target.value)} aria-label={t('search_placeholder')} data-testid="pair-search" />
      </div>
      {shown.length ? (
        shown.map((p) => <PairLine key={p.symbol} pair={p} market={markets.get(p.coin.toLowerCase())} active={streamSymbol(p) === current} onPick={() => onPick(p)} />)
      ) : (
        <EmptyState />
      )}
    </BottomSheet>
  );
}
