import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Interval, ChangeBadge, CoinLogo, percentSign, toneClass, useLiveDetails, useLivePrice, useCoinList, coinLabel, streamSymbol } from '@/features/market';
import { CandleChart } from '@/features/candle-chart';
import { useSession } from '@/shared/session/session-store';
import { useSocketListener, useSocketSubscription } from '@/shared/socket/use-socket';
import { Button, EmptyState, Icon, Ltr, Spinner, toast } from '@/shared/ui';
import { availableOf, useAssetBalance, TransferSheet } from '@/features/wallet';
import { CoinPicker, pickCoin } from '@/features/fixed-payout';
import { useFunding, useNow, useRefreshFutures, useTick } from '../hooks';
import { tickPrice } from '../lib/price';
import { countdown, percentOf } from '../lib/math';
import type { FuturesContract } from './contract';
import { OrderForm } from './OrderForm';
import { PositionsArea } from './PositionsArea';
import { RecentFills } from './RecentFills';
import styles from '../futures.module.css';

/** The chart's timeframes (the candle intervals the server keeps). */
const INTERVALS: readonly Interval[] = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'];

/** The futures screen's content (/contract and the trade screen's USDT-M tab): the contract (?symbol=), its mark, change and funding, candles, the order form and the positions. */
export function FuturesPanel() {
  const { t } = useTranslation();
  useLiveDetails();
  const coins = useCoinList();
  const contracts = useMemo(() => (coins.data?.contractList ?? []).filter((c): c is FuturesContract => typeof c.id === 'number'), [coins.data]);
  const [params, setParams] = useSearchParams();
  const contract = useMemo(() => pickCoin(contracts, params.get('symbol'), null), [contracts, params]);

  if (coins.isLoading) {
    return (
      <div className={styles['fu-loading']}>
        <Spinner />
      </div>
    );
  }
  if (coins.isError) {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => void coins.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!contract) return <EmptyState text={t('contract_empty')} icon="futures" />;
  return (
    <ContractScreen
      contract={contract}
      contracts={contracts}
      onPick={(c) => {
        const next = new URLSearchParams(params);
        next.set('symbol', streamSymbol(c));
        setParams(next, { replace: true });
      }}
    />
  );
}

function ContractScreen({ contract, contracts, onPick }: { contract: FuturesContract; contracts: FuturesContract[]; onPick: (c: FuturesContract) => void }) {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const token = useSession((s) => s.token);
  const refresh = useRefreshFutures();
  // What the server's sweep did to the user's positions and orders comes on their orders stream.
  useSocketSubscription(isSign && token ? 'orders' : null, undefined, undefined, token || undefined);
  useSocketListener('FUTURES', (m) => {
    const event = (m.data as { event?: string } | undefined)?.event;
    void refresh();
    if (event === 'liquidated') toast(t('fu_liquidatedNotice'), 'error');
    else if (event === 'triggered') toast(t('fu_triggeredNotice'), 'success');
    else if (event === 'filled') toast(t('fu_filled'), 'success');
  });
  const [picking, setPicking] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const live = useLivePrice(contract);
  const symbol = streamSymbol(contract);
  const funding = useFunding(contract.coin.toLowerCase());
  const now = useNow();
  const balance = useAssetBalance(isSign);
  const available = isSign && balance.data ? availableOf(balance.data, 'contract', 'USDT') : undefined;
  const shareOf = useMemo(() => {
    const map = new Map(contracts.map((c) => [streamSymbol(c), String(c.shareNumber ?? '1')]));
    return (s: string) => map.get(streamSymbol(s)) ?? String(contract.shareNumber ?? '1');
  }, [contracts, contract.shareNumber]);
  const rate = funding.data?.predictedRate;
  const [interval, setChartInterval] = useState<Interval>('15m');
  const tick = useTick(contract.coin);

  return (
    <div className={styles.fu} data-testid="fu" data-symbol={symbol}>
      <header className={styles['fu-head']}>
        <button type="button" className={styles['fu-coin']} onClick={() => setPicking(true)} data-testid="fu-contract" aria-haspopup="dialog">
          <CoinLogo item={contract} size={26} />
          <span>{coinLabel(contract)}USDT</span>
          <span className="chip">{t('fu_perpetual')}</span>
          <Icon name="chevron" size={16} />
        </button>
        <span className={styles['fu-price-block']}>
          <span className={`${styles['fu-price']} mono ${toneClass(percentSign(live.percent))}`} data-testid="fu-mark" data-value={live.price}>
            <Ltr>{tickPrice(live.price ? String(live.price) : null, tick)}</Ltr>
          </span>
          <ChangeBadge percent={live.percent} live={live.live} />
        </span>
        <dl className={styles['fu-stats']}>
          <div>
            <dt>{t('fu_markIndex')}</dt>
            <dd className="mono">
              <Ltr>{tickPrice(live.price ? String(live.price) : null, tick)}</Ltr>
            </dd>
          </div>
          <div>
            <dt>{t('fu_fundingRate')}</dt>
            <dd className="mono" data-testid="fu-funding-rate">
              {rate ? <Ltr>{`${percentOf(rate, 4)}%`}</Ltr> : funding.data ? t('fu_noPrice') : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('fu_nextFunding')}</dt>
            <dd className="mono" data-testid="fu-funding-countdown">
              {funding.data ? <Ltr>{countdown(funding.data.nextFundingTime, now)}</Ltr> : '--'}
            </dd>
          </div>
        </dl>
      </header>

      <div className={styles['fu-grid-main']}>
        <section className={`card ${styles['fu-chart']}`} aria-label={t('fu_chart')}>
          <div className="intervals" role="tablist" aria-label={t('market_interval')} data-testid="fu-intervals">
            {INTERVALS.map((iv) => (
              <button
                key={iv}
                type="button"
                role="tab"
                aria-selected={iv === interval}
                className={`interval ${iv === interval ? 'interval-active' : ''}`}
                onClick={() => setChartInterval(iv)}
                data-testid={`fu-interval-${iv}`}
              >
                {iv}
              </button>
            ))}
          </div>
          <CandleChart key={interval} symbol={symbol} interval={interval} />
        </section>
        <div className={styles['fu-fills-area']}>
          <RecentFills isSign={isSign} symbol={symbol} coin={contract.coin} />
        </div>
        <section className={`card ${styles['fu-form-card']}`}>
          <OrderForm key={contract.id} contract={contract} isSign={isSign} lastPrice={live.price ? String(live.price) : null} onTransfer={() => setTransferring(true)} />
        </section>
        <div className={styles['fu-positions-area']}>
          <PositionsArea isSign={isSign} shareNumberOf={shareOf} available={available} />
        </div>
      </div>

      <CoinPicker
        open={picking}
        coins={contracts}
        current={symbol}
        onClose={() => setPicking(false)}
        onPick={(c) => {
          setPicking(false);
          onPick(c as FuturesContract);
        }}
      />
      <TransferSheet open={transferring} onClose={() => setTransferring(false)} initialFrom="spot" />
    </div>
  );
}
