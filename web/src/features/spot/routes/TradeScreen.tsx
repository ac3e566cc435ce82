import { Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { CoinRows, useLiveDetails, useCoinList, useWatchlist, allMarkets, streamSymbol, type CoinItem } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';
import type { TKey } from '@/shared/i18n/i18n';
import { EmptyState, Icon, Page, Spinner, Tabs } from '@/shared/ui';
import { SecondContractPanel } from '@/features/second-contracts';
import { FuturesPanel } from '@/features/futures';
import { defaultTradeTab, tradeTabs, type PlayingEntry, type TradeTab } from '../components/trade-tabs';
import { SpotPanel } from '../spot/SpotPanel';
import spotStyles from '../spot/spot.module.css';

const LABELS: Record<TradeTab, TKey> = {
  optional: 'trade_tab_optional',
  secondContract: 'trade_tab_secondContract',
  BBTrading: 'trade_tab_BBTrading',
  Ustandard: 'trade_tab_Ustandard',
};

function OptionalPanel({ all }: { all: CoinItem[] }) {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const watch = useWatchlist();
  if (!isSign) {
    return (
      <EmptyState
        text={t('trade_optional_signIn')}
        icon="star"
        action={
          <Link to={paths.lr} className="btn btn-primary btn-small" data-testid="trade-optional-sign-in">
            {t('home_signIn')}
          </Link>
        }
      />
    );
  }
  if (watch.isLoading) return <Spinner />;
  const items: CoinItem[] = watch.items.map((w) => {
    const market = all.find((m) => streamSymbol(m) === streamSymbol(w)) ?? all.find((m) => m.coin.toLowerCase() === w.coin.toLowerCase());
    return { ...market, ...w, coin: w.coin, symbol: market?.symbol ?? w.symbol } as CoinItem;
  });
  if (!items.length) {
    return (
      <EmptyState
        text={t('trade_optional_empty')}
        icon="star"
        action={
          <Link to={paths.search} className="btn btn-secondary btn-small">
            {t('search_title')}
          </Link>
        }
      />
    );
  }
  return <CoinRows items={items} star testId="trade-optional-list" />;
}

/** /trade: tabs from PLAYING_SETTING in the operator's order, opening on its default; BBTrading is spot trading (SpotPanel). */
export default function TradeScreen() {
  const { t } = useTranslation();
  useLiveDetails();
  const playing = useSettings((s) => s.settingConfig.PLAYING_SETTING) as PlayingEntry[] | undefined;
  const tabs = useMemo(() => tradeTabs(playing, isOn), [playing]);
  const [params, setParams] = useSearchParams();
  const coins = useCoinList();
  const all = useMemo(() => allMarkets(coins.data), [coins.data]);

  const requested = params.get('tab') ?? (params.get('componentName') === '2' ? 'Ustandard' : null);
  // No tab in the URL: the tab the operator marked default (the demo's: spot).
  const active: TradeTab | undefined = tabs.find((k) => k === requested) ?? defaultTradeTab(playing, isOn);

  return (
    <Page
      title={t('trade_title')}
      back={false}
      testId="screen-trade"
      right={
        <Link to={paths.search} className="icon-btn" aria-label={t('search_title')}>
          <Icon name="search" size={20} />
        </Link>
      }
    >
      {!active ? (
        <EmptyState text={t('trade_empty')} icon="trade" />
      ) : (
        <div className="stack">
          <div className={spotStyles['trade-tabs']}>
            <Tabs
              items={tabs.map((k) => ({ key: k, label: t(LABELS[k]) }))}
              value={active}
              onChange={(k) => setParams({ tab: k }, { replace: true })}
              testId="trade-tab"
            />
          </div>
          {active === 'optional' ? <OptionalPanel all={all} /> : null}
          {active === 'secondContract' ? <SecondContractPanel /> : null}
          {active === 'BBTrading' ? <SpotPanel /> : null}
          {active === 'Ustandard' ? (
            <Suspense fallback={<Spinner />}>
              <FuturesPanel />
            </Suspense>
          ) : null}
        </div>
      )}
    </Page>
  );
}
