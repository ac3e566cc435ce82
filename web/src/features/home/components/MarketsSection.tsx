import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePriceFormat } from '@/shared/format/use-price';
import { marketPath } from '@/shared/config/paths';
import { useSettings } from '@/shared/settings/settings-store';
import { openSorted, type Flag } from '@/shared/settings/types';
import { ChangeBadge, CoinRows, toneClass, useLiveDetails, useLivePrice, useCoinList, useSymbolList, useTickers, coinLabel, displaySymbol, streamSymbol, type CoinItem } from '@/features/market';
import { BOARD_ORDER, boardRows, type Board } from '../lib/boards';
import { EmptyState, Spinner, Tabs } from '@/shared/ui';

interface HomeCoinSetting {
  coin: string;
  sort?: number;
  isOpen?: Flag;
}

function HomeCoinTile({ item }: { item: CoinItem }) {
  const live = useLivePrice(item);
  const prices = usePriceFormat();
  const symbol = streamSymbol(item);
  const sign = live.percent ? (live.percent.isZero() ? 0 : live.percent.isNegative() ? -1 : 1) : 0;
  return (
    <Link to={marketPath(symbol)} className="home-coin" data-testid={`home-coin-${item.coin.toLowerCase()}`}>
      <span className="home-coin-pair">{displaySymbol(item).toUpperCase()}</span>
      <span className={`home-coin-price mono ${toneClass(sign)}`} data-testid="coin-price">
        {live.price ? prices.price(live.price, item.coin) : '--'}
      </span>
      <ChangeBadge percent={live.percent} live={live.live} />
      <span className="visually-hidden">{coinLabel(item)}</span>
    </Link>
  );
}

function BoardList({ board }: { board: Board }) {
  const { column, asc } = BOARD_ORDER[board];
  const list = useSymbolList(column, asc);
  const tickers = useTickers(board === 'turnover');
  const rows = useMemo(() => boardRows(board, list.data ?? [], tickers.data), [list.data, board, tickers.data]);
  if (list.isLoading || (board === 'turnover' && tickers.isLoading)) return <Spinner />;
  if (!rows.length) return <EmptyState />;
  return <CoinRows items={rows} turnover={board === 'turnover'} testId={`home-board-${board}`} />;
}

/** Home market section: HOME_COIN_SETTING coins with live prices, then the gainers/losers/volume boards. */
export function MarketsSection() {
  const { t } = useTranslation();
  useLiveDetails();
  const settings = useSettings((s) => s.settingConfig);
  const coins = useCoinList();
  const [board, setBoard] = useState<Board>('gainers');

  const homeCoins = useMemo(() => {
    const wanted = openSorted((settings.HOME_COIN_SETTING as HomeCoinSetting[] | undefined) ?? []);
    const list = coins.data?.coinList ?? [];
    return wanted
      .map((w) => list.find((c) => c.coin.toLowerCase() === w.coin.toLowerCase()))
      .filter((c): c is CoinItem => !!c);
  }, [settings.HOME_COIN_SETTING, coins.data]);

  return (
    <section className="card stack" data-testid="home-markets">
      <h3 className="section-title" style={{ margin: 0 }}>{t('home_markets')}</h3>
      {coins.isLoading ? <Spinner /> : homeCoins.length ? (
        <div className="home-coins" data-testid="home-coins">
          {homeCoins.map((c) => (
            <HomeCoinTile key={c.coin} item={c} />
          ))}
        </div>
      ) : (
        <EmptyState text={t('home_marketsPending')} icon="chart" />
      )}
      <Tabs
        items={[
          { key: 'gainers', label: t('home_gainers') },
          { key: 'losers', label: t('home_losers') },
          { key: 'turnover', label: t('markets_turnover') },
        ]}
        value={board}
        onChange={setBoard}
        testId="home-board"
      />
      <BoardList board={board} />
    </section>
  );
}
