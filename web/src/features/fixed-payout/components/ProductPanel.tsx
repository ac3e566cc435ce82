import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@/shared/format/number';
import { ChangeBadge, CoinLogo, percentSign, toneClass, useLiveDetails, useLivePrice, streamSymbol } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Spinner, type IconName } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import type { SecondOrder } from '../api';
import { pickCoin, rememberSymbol, rememberedSymbol, useClockSkew, useDisclosure, useOpenOrders, useSettlements, type SecondCoin } from '../hooks';
import { keysOf, type ContractSource } from '../source';
import { CoinPicker, coinPair } from './CoinPicker';
import { LiveLineChart } from './LiveLineChart';
import { OrdersSection } from './OrdersSection';
import { ResultSheet } from './ResultSheet';
import type { TradeFormProps } from './TradeForm';
import styles from '../fixed-payout.module.css';

const NO_ORDERS: SecondOrder[] = [];

/** A query's state as the form and the order lists show it. */
export const stateOf = (q: { isLoading: boolean; isError: boolean }): 'loading' | 'error' | 'ready' => (q.isLoading ? 'loading' : q.isError ? 'error' : 'ready');

/** What the panel hands the product's order form; the form adds the product's periods (and anything else of its own) and renders a TradeForm. */
export type PanelFormProps = Pick<TradeFormProps, 'coin' | 'isSign' | 'available' | 'disclosure' | 'refetchDisclosure' | 'onPlaced'> & { source: ContractSource };

export interface ProductPanelProps {
  /** The product's calls. */
  source: ContractSource;
  /** The product's coins, as its hook reads them from getCoinList. */
  coins: { coins: SecondCoin[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The prefix of the panel's test ids ("sc" second contracts, "op" options). */
  testId: string;
  /** What is shown when the product offers no coin. */
  empty: { text: string; icon: IconName };
  /**
   * Second contracts: the coin shown is remembered and written back into the
   * URL, and picking one keeps the URL's other parameters (the /trade tab).
   * Options: the pair is the URL's ?symbol= alone.
   */
  remember: boolean;
  /** The product's order form. */
  Form: ComponentType<PanelFormProps>;
}

/**
 * A fixed-payout product's screen: the coin (from ?symbol=), its live price
 * and chart, the product's order form, open orders and history, and the
 * result of each settlement.
 */
export function ProductPanel({ source, coins: coinsQuery, testId, empty, remember, Form }: ProductPanelProps) {
  const { t } = useTranslation();
  useLiveDetails();
  const { coins, isLoading, isError, refetch } = coinsQuery;
  const [params, setParams] = useSearchParams();
  const requested = params.get('symbol');
  const coin = useMemo(() => pickCoin(coins, requested, remember ? rememberedSymbol() : null), [coins, requested, remember]);

  // Keep the URL and the remembered coin on the one shown.
  useEffect(() => {
    if (!remember || !coin) return;
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
  }, [remember, coin, requested, setParams]);

  if (isLoading) {
    return (
      <div className={styles['sc-loading']} data-testid={`${testId}-loading`}>
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
  if (!coin) return <EmptyState text={empty.text} icon={empty.icon} />;
  const pick = (c: SecondCoin) =>
    remember
      ? // Other parameters (the /trade tab) stay as they are.
        setParams((p) => {
          const next = new URLSearchParams(p);
          next.set('symbol', streamSymbol(c));
          return next;
        })
      : setParams({ symbol: streamSymbol(c) });
  return <CoinScreen coin={coin} coins={coins} onPick={pick} source={source} testId={testId} Form={Form} />;
}

function CoinScreen({
  coin,
  coins,
  onPick,
  source,
  testId,
  Form,
}: {
  coin: SecondCoin;
  coins: SecondCoin[];
  onPick: (c: SecondCoin) => void;
  source: ContractSource;
  testId: string;
  Form: ComponentType<PanelFormProps>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const symbol = streamSymbol(coin);
  const isSign = useSession((s) => s.isSign);
  const [picking, setPicking] = useState(false);
  const live = useLivePrice(coin);

  const balance = useAssetBalance(isSign);
  const available = isSign && balance.data ? availableOf(balance.data, 'spot', 'USDT') : undefined;
  const disclosure = useDisclosure(isSign, source);

  const clock = useClockSkew();
  const open = useOpenOrders(isSign, clock.skew, source);
  const { learn } = clock;
  useEffect(() => learn(open.data, open.dataUpdatedAt), [open.data, open.dataUpdatedAt, learn]);
  const settlements = useSettlements(isSign, open.data, source);
  const prices = useMemo(() => Object.fromEntries(coins.map((c) => [streamSymbol(c), c.amount])), [coins]);

  const onPlaced = (order: SecondOrder, receivedAt: number) => {
    learn([order], receivedAt);
    settlements.watch(order);
    const key = keysOf(source).open;
    qc.setQueriesData<SecondOrder[]>({ queryKey: key }, (list) => [order, ...(list ?? []).filter((o) => o.id !== order.id)]);
    void qc.invalidateQueries({ queryKey: key });
  };

  return (
    <div className={styles.sc} data-testid={testId} data-symbol={symbol}>
      <header className={styles['sc-head']}>
        <button type="button" className={styles['sc-coin']} onClick={() => setPicking(true)} data-testid={`${testId}-coin`} aria-haspopup="dialog">
          <CoinLogo item={coin} size={26} />
          <span data-testid={`${testId}-coin-name`}>{coinPair(coin)}</span>
          <Icon name="chevron" size={16} />
        </button>
        <span className={styles['sc-price-block']}>
          <span className={`${styles['sc-price']} mono ${toneClass(percentSign(live.percent))}`} data-testid={`${testId}-price`} data-value={live.price}>
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
          <Form
            coin={coin}
            isSign={isSign}
            available={available}
            disclosure={disclosure.data}
            refetchDisclosure={() => disclosure.refetch()}
            onPlaced={onPlaced}
            source={source}
          />
        </section>
        <div className={styles['sc-orders-area']}>
          <OrdersSection isSign={isSign} open={open.data} openState={stateOf(open)} onRetryOpen={() => void open.refetch()} skew={clock.value} prices={prices} source={source} />
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
