import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@/shared/format/number';
import { ChangeBadge, CoinLogo, percentSign, toneClass, useLiveDetails, useLivePrice, streamSymbol } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Spinner } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import { type SecondOrder, OPEN_KEY, pickCoin, rememberSymbol, rememberedSymbol, useClockSkew, useDisclosure, useOpenOrders, usePeriods, useSecondCoins, useSettlements, type SecondCoin, offeredPeriods, CoinPicker, coinPair, LiveLineChart, OrdersSection, ResultSheet, TradeForm, fixedPayoutStyles as styles } from '@/features/fixed-payout';

const NO_ORDERS: SecondOrder[] = [];

const stateOf = (q: { isLoading: boolean; isError: boolean }): 'loading' | 'error' | 'ready' => (q.isLoading ? 'loading' : q.isError ? 'error' : 'ready');

/** The /flash screen's content: the coin (from ?symbol=), its live price and chart, the order form, open orders and history. */
export function SecondContractPanel() {
  const { t } = useTranslation();
  useLiveDetails();
  const { coins, isLoading, isError, refetch } = useSecondCoins();
  const [params, setParams] = useSearchParams();
  const requested = params.get('symbol');
  const coin = useMemo(() => pickCoin(coins, requested, rememberedSymbol()), [coins, requested]);

  // Keep the URL and the remembered coin on the one shown.
  useEffect(() => {
    if (!coin) return;
    const s = streamSymbol(coin);
    rememberSymbol(s);
    if (requested !== s) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('symbol', s);
          return next;
        },
        { replace: true },
      );
    }
  }, [coin, requested, setParams]);

  if (isLoading) {
    return (
      <div className={styles['sc-loading']} data-testid="sc-loading">
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
  if (!coin) return <EmptyState text={t('sc_noCoins')} icon="flash" />;
  // Other parameters (the /trade tab) stay as they are.
  const pick = (c: SecondCoin) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('symbol', streamSymbol(c));
      return next;
    });
  return <CoinScreen coin={coin} coins={coins} onPick={pick} />;
}

function CoinScreen({ coin, coins, onPick }: { coin: SecondCoin; coins: SecondCoin[]; onPick: (c: SecondCoin) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const symbol = streamSymbol(coin);
  const isSign = useSession((s) => s.isSign);
  const [picking, setPicking] = useState(false);
  const live = useLivePrice(coin);

  const periodsQuery = usePeriods(coin.id);
  const periods = useMemo(() => offeredPeriods(periodsQuery.data), [periodsQuery.data]);
  const balance = useAssetBalance(isSign);
  const available = isSign && balance.data ? availableOf(balance.data, 'spot', 'USDT') : undefined;
  const disclosure = useDisclosure(isSign);

  const clock = useClockSkew();
  const open = useOpenOrders(isSign, clock.skew);
  const { learn } = clock;
  useEffect(() => learn(open.data, open.dataUpdatedAt), [open.data, open.dataUpdatedAt, learn]);
  const settlements = useSettlements(isSign, open.data);
  const prices = useMemo(() => Object.fromEntries(coins.map((c) => [streamSymbol(c), c.amount])), [coins]);

  const onPlaced = (order: SecondOrder, receivedAt: number) => {
    learn([order], receivedAt);
    settlements.watch(order);
    qc.setQueriesData<SecondOrder[]>({ queryKey: OPEN_KEY }, (list) => [order, ...(list ?? []).filter((o) => o.id !== order.id)]);
    void qc.invalidateQueries({ queryKey: OPEN_KEY });
  };

  return (
    <div className={styles.sc} data-testid="sc" data-symbol={symbol}>
      <header className={styles['sc-head']}>
        <button type="button" className={styles['sc-coin']} onClick={() => setPicking(true)} data-testid="sc-coin" aria-haspopup="dialog">
          <CoinLogo item={coin} size={26} />
          <span data-testid="sc-coin-name">{coinPair(coin)}</span>
          <Icon name="chevron" size={16} />
        </button>
        <span className={styles['sc-price-block']}>
          <span className={`${styles['sc-price']} mono ${toneClass(percentSign(live.percent))}`} data-testid="sc-price" data-value={live.price}>
            <Ltr>{formatPrice(live.price)}</Ltr>
          </span>
          <ChangeBadge percent={live.percent} live={live.live} />
        </span>
      </header>

      <div className={styles['sc-grid']}>
        <section className={styles['sc-chart']} aria-label={t('sc_chart')}>
          <LiveLineChart symbol={symbol} orders={open.data ?? NO_ORDERS} />
        </section>
        <section className={`card ${styles['sc-form-card']}`}>
          <TradeForm
            coin={coin}
            periods={periods}
            periodsState={stateOf(periodsQuery)}
            onRetryPeriods={() => void periodsQuery.refetch()}
            isSign={isSign}
            available={available}
            disclosure={disclosure.data}
            refetchDisclosure={() => disclosure.refetch()}
            onPlaced={onPlaced}
          />
        </section>
        <div className={styles['sc-orders-area']}>
          <OrdersSection isSign={isSign} open={open.data} openState={stateOf(open)} onRetryOpen={() => void open.refetch()} skew={clock.value} prices={prices} />
        </div>
      </div>

      <CoinPicker
        open={picking}
        coins={coins}
        current={symbol}
        onClose={() => setPicking(false)}
        onPick={(c) => {
          setPicking(false);
          onPick(c);
        }}
      />
      <ResultSheet order={settlements.current} more={settlements.more} onClose={settlements.dismiss} />
    </div>
  );
}
