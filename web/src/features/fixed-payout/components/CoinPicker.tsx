import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/shared/format/number';
import { ChangeBadge, CoinLogo, useLivePrice, coinLabel, streamSymbol } from '@/features/market';
import { BottomSheet, EmptyState } from '@/shared/ui';
import type { SecondCoin } from '../hooks';
import styles from '../fixed-payout.module.css';

export const coinPair = (coin: SecondCoin) => `${coinLabel(coin)}/USDT`;

function CoinLine({ coin, active, onPick }: { coin: SecondCoin; active: boolean; onPick: () => void }) {
  const live = useLivePrice(coin);
  return (
    <button type="button" className={`sheet-item ${styles['sc-coin-line']} ${active ? styles['sc-on'] : ''}`} onClick={onPick} aria-pressed={active} data-testid={`sc-coin-${streamSymbol(coin)}`}>
      <CoinLogo item={coin} size={28} />
      <span className={styles['sc-coin-line-name']}>{coinPair(coin)}</span>
      <span className="mono">{formatPrice(live.price)}</span>
      <ChangeBadge percent={live.percent} live={live.live} />
    </button>
  );
}

/** The second-contract coins (coinList) with live prices and a search. */
export function CoinPicker({ open, coins, current, onPick, onClose }: { open: boolean; coins: SecondCoin[]; current: string; onPick: (c: SecondCoin) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const term = q.trim().toLowerCase();
  const shown = coins.filter((c) => !term || coinPair(c).toLowerCase().includes(term) || streamSymbol(c).includes(term));
  return (
    <BottomSheet open={open} title={t('sc_pickCoin')} onClose={onClose} testId="sc-coin-picker">
      <div className={styles['sc-coin-search']}>
        <input className="field-box field-input" placeholder={t('search_placeholder')} value={q} onChange={(e) => setQ(e.target.value)} aria-label={t('search_placeholder')} data-testid="sc-coin-search" />
      </div>
      {shown.length ? shown.map((c) => <CoinLine key={c.id} coin={c} active={streamSymbol(c) === current} onPick={() => onPick(c)} />) : <EmptyState />}
    </BottomSheet>
  );
}
