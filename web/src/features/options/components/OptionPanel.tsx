import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { ChangeBadge, CoinLogo, percentSign, toneClass, useLiveDetails, useLivePrice, streamSymbol } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Spinner } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import { type SecondOrder, CoinPicker, coinPair, LiveLineChart, OrdersSection, ResultSheet, TradeForm, pickCoin, useClockSkew, useDisclosure, useOpenOrders, useSettlements, type SecondCoin, offeredPeriods, keysOf, fixedPayoutStyles as scStyles } from '@/features/fixed-payout';
import { asSharedPeriod, OPTION_SOURCE, type OptionPeriod } from '../api';
import { useIssueClock, useOptionCoins, useOptionPeriods, useTicking } from '../hooks';
import { entryState, issueAt, optionFee } from '../lib/issue';
import { IssueBar } from './IssueBar';

const NO_ORDERS: SecondOrder[] = [];
const USDT = 'USDT';

const stateOf = (q: { isLoading: boolean; isError: boolean }): 'loading' | 'error' | 'ready' => (q.isLoading ? 'loading' : q.isError ? 'error' : 'ready');

/** The /flashOption screen's content: the option pair (from ?symbol=), its live price and chart, the issue, the order form, open orders and history. */
export function OptionPanel() {
  const { t } = useTranslation();
  useLiveDetails();
  const { coins, isLoading, isError, refetch } = useOptionCoins();
  const [params, setParams] = useSearchParams();
  const requested = params.get('symbol');
  const coin = useMemo(() => pickCoin(coins, requested, null), [coins, requested]);

  if (isLoading) {
    return (
      <div className={scStyles['sc-loading']} data-testid="op-loading">
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
  if (!coin) return <EmptyState text={t('op_noCoins')} icon="option" />;
  return <PairScreen coin={coin} coins={coins} onPick={(c) => setParams({ symbol: streamSymbol(c) })} />;
}

function PairScreen({ coin, coins, onPick }: { coin: SecondCoin; coins: SecondCoin[]; onPick: (c: SecondCoin) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const symbol = streamSymbol(coin);
  const isSign = useSession((s) => s.isSign);
  const [picking, setPicking] = useState(false);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const live = useLivePrice(coin);

  const periodsQuery = useOptionPeriods(symbol);
  const optionPeriods: OptionPeriod[] = useMemo(() => (periodsQuery.data ?? []).filter((p) => Number(p.status) === 1), [periodsQuery.data]);
  const periods = useMemo(() => offeredPeriods(optionPeriods.map(asSharedPeriod)), [optionPeriods]);
  // The form picks its period; the issue follows the first until then.
  const current = optionPeriods.find((p) => p.id === periodId) ?? optionPeriods[0];
  useEffect(() => setPeriodId(null), [coin.id]);

  const balance = useAssetBalance(isSign);
  const available = isSign && balance.data ? availableOf(balance.data, 'spot', USDT) : undefined;
  const disclosure = useDisclosure(isSign, OPTION_SOURCE);

  const { skew } = useIssueClock(current?.id);
  const now = useTicking(skew);
  const issue = current ? issueAt(now, current.period, current.cutoff) : null;
  const entry = issue ? entryState(issue, now) : null;

  const clock = useClockSkew();
  const open = useOpenOrders(isSign, clock.skew, OPTION_SOURCE);
  const { learn } = clock;
  useEffect(() => learn(open.data, open.dataUpdatedAt), [open.data, open.dataUpdatedAt, learn]);
  const settlements = useSettlements(isSign, open.data, OPTION_SOURCE);
  const prices = useMemo(() => Object.fromEntries(coins.map((c) => [streamSymbol(c), c.amount])), [coins]);

  const onPlaced = (order: SecondOrder, receivedAt: number) => {
    learn([order], receivedAt);
    settlements.watch(order);
    const key = keysOf(OPTION_SOURCE).open;
    qc.setQueriesData<SecondOrder[]>({ queryKey: key }, (list) => [order, ...(list ?? []).filter((o) => o.id !== order.id)]);
    void qc.invalidateQueries({ queryKey: key });
  };

  const blocked = entry && !entry.open ? t('op_entryClosedNext', { seconds: entry.secondsToNext }) : null;

  return (
    <div className={scStyles.sc} data-testid="op" data-symbol={symbol}>
      <header className={scStyles['sc-head']}>
        <button type="button" className={scStyles['sc-coin']} onClick={() => setPicking(true)} data-testid="op-coin" aria-haspopup="dialog">
          <CoinLogo item={coin} size={26} />
          <span data-testid="op-coin-name">{coinPair(coin)}</span>
          <Icon name="chevron" size={16} />
        </button>
        <span className={scStyles['sc-price-block']}>
          <span className={`${scStyles['sc-price']} mono ${toneClass(percentSign(live.percent))}`} data-testid="op-price" data-value={live.price}>
            <Ltr>{formatPrice(live.price)}</Ltr>
          </span>
          <ChangeBadge percent={live.percent} live={live.live} />
        </span>
      </header>

      <div className={scStyles['sc-grid']}>
        <section className={scStyles['sc-chart']} aria-label={t('sc_chart')}>
          <LiveLineChart symbol={symbol} orders={open.data ?? NO_ORDERS} />
        </section>
        <section className={`card ${scStyles['sc-form-card']}`}>
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
            source={OPTION_SOURCE}
            blocked={blocked}
            onPeriod={(id) => setPeriodId(id)}
            disclosureIntro={(p) => {
              const o = optionPeriods.find((x) => x.id === p.id) ?? current;
              const fee = !o ? '--' : o.feeType === 1 ? `${o.feeValue}%` : o.feeType === 2 ? `${o.feeValue} ${USDT}` : '0';
              return t('op_disclosure_intro', { cutoff: o?.cutoff ?? 0, fee });
            }}
            header={issue && entry ? <IssueBar issue={issue} entry={entry} /> : null}
            extraFacts={(stake) => {
              const fee = stake && current ? optionFee(stake, current.feeType, current.feeValue) : null;
              return (
                <>
                  <div>
                    <dt>{t('op_fee')}</dt>
                    <dd className="mono" data-testid="op-fee" data-value={fee?.toFixed()}>
                      {fee ? (
                        <>
                          <Ltr>{money.amount(fee, USDT)}</Ltr> {USDT}
                        </>
                      ) : current ? (
                        <Ltr>{current.feeType === 1 ? `${current.feeValue}%` : current.feeType === 2 ? `${current.feeValue} ${USDT}` : '0'}</Ltr>
                      ) : (
                        '--'
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('op_total')}</dt>
                    <dd className="mono" data-testid="op-total" data-value={fee && stake ? fee.plus(stake).toFixed() : undefined}>
                      {fee && stake ? (
                        <>
                          <Ltr>{money.amount(fee.plus(stake), USDT)}</Ltr> {USDT}
                        </>
                      ) : (
                        '--'
                      )}
                    </dd>
                  </div>
                </>
              );
            }}
          />
        </section>
        <div className={scStyles['sc-orders-area']}>
          <OrdersSection isSign={isSign} open={open.data} openState={stateOf(open)} onRetryOpen={() => void open.refetch()} skew={clock.value} prices={prices} source={OPTION_SOURCE} />
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
