import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Icon, Ltr, Page, Spinner, Tabs } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { getMineOrders, getMineSkips, getMineTraders, type CopyOrder, type CopySkip, type MineTrader } from '@/features/copy-trading/api';
import { copyKeys, useMineProfit } from '@/features/copy-trading/hooks';
import { pctText, toneOf } from '@/features/copy-trading/lib/display';
import { CopyOrderRow, MineTraderRow, SkipRow } from '../components/Rows';
import { CloseCopySheet, StopFollowSheet } from '../components/Sheets';
import styles from '../copy.module.css';

const TABS = ['traders', 'open', 'history', 'skips'] as const;
type Tab = (typeof TABS)[number];

/** /floworder/mine (?tab=traders|open|history|skips): my totals, the traders I follow, my open and closed copies, and the copies not made. */
export default function FlowOrderMineScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'traders';
  const [stopping, setStopping] = useState<MineTrader | null>(null);
  const [closing, setClosing] = useState<CopyOrder | null>(null);

  let list;
  if (tab === 'traders')
    list = (
      <PagedList<MineTrader>
        key={tab}
        queryKey={copyKeys.mineTraders}
        fetchPage={getMineTraders}
        renderItem={(r) => <MineTraderRow row={r} onStop={setStopping} />}
        itemKey={(r) => `${r.traderId}-${r.createTime}`}
        testId="mine-traders"
        enabled={isSign}
        emptyText={t('floworderMine_empty')}
      />
    );
  else if (tab === 'skips')
    list = (
      <PagedList<CopySkip>
        key={tab}
        queryKey={copyKeys.mineSkips}
        fetchPage={getMineSkips}
        renderItem={(s) => <SkipRow s={s} />}
        itemKey={(s) => s.id}
        testId="mine-skips"
        enabled={isSign}
      />
    );
  else {
    const isHistory = tab === 'history' ? 1 : 0;
    list = (
      <PagedList<CopyOrder>
        key={tab}
        queryKey={copyKeys.mineOrders(isHistory)}
        fetchPage={(pageNum, pageSize) => getMineOrders(isHistory, pageNum, pageSize)}
        renderItem={(o) => <CopyOrderRow o={o} onClose={isHistory ? undefined : setClosing} />}
        itemKey={(o) => o.id}
        testId={`mine-orders-${tab}`}
        enabled={isSign}
      />
    );
  }

  return (
    <Page title={t('floworderMine_title')} testId="screen-flowOrderMine">
      <div className={styles.ct}>
        <MineSummary isSign={isSign} />
        <Tabs<Tab>
          items={[
            { key: 'traders', label: t('floworder_tab_traders') },
            { key: 'open', label: t('floworder_tab_open') },
            { key: 'history', label: t('floworder_tab_history') },
            { key: 'skips', label: t('floworder_tab_skips') },
          ]}
          value={tab}
          onChange={(k) => setParams(k === 'traders' ? {} : { tab: k }, { replace: true })}
          testId="mine-tab"
        />
        {tab === 'skips' ? <p className="muted small">{t('floworder_skipsIntro')}</p> : null}
        {list}
      </div>
      {stopping ? <StopFollowSheet key={stopping.traderId} row={stopping} onClose={() => setStopping(null)} /> : null}
      {closing ? <CloseCopySheet key={closing.id} order={closing} onClose={() => setClosing(null)} /> : null}
    </Page>
  );
}

function MineSummary({ isSign }: { isSign: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const profit = useMineProfit(isSign);
  const p = profit.data;
  const usdt = (value: string | undefined, signed = false) =>
    value === undefined ? (
      '--'
    ) : (
      <span className={signed ? toneOf(value) : undefined}>
        <Ltr>{money.amount(value, 'USDT', signed ? { sign: 'always' } : undefined)}</Ltr> <small>USDT</small>
      </span>
    );
  return (
    <section className={styles['ct-summary']} data-testid="mine-summary">
      <div className={styles['ct-row']}>
        <h2 className="muted">{t('floworder_summaryTitle')}</h2>
        {profit.isFetching && !p ? <Spinner size={16} /> : null}
      </div>
      <dl className={styles['ct-summary-grid']}>
        <div>
          <dt>{t('floworder_betAmount')}</dt>
          <dd data-testid="mine-bet" data-value={p?.betAmount}>
            {usdt(p?.betAmount)}
          </dd>
        </div>
        <div>
          <dt>{t('floworder_realisedPnl')}</dt>
          <dd data-testid="mine-pnl" data-value={p?.profitAndLoss}>
            {usdt(p?.profitAndLoss, true)}
          </dd>
        </div>
        <div>
          <dt>{t('floworder_returnRate')}</dt>
          <dd data-testid="mine-rate" data-value={p?.profitRate} className={toneOf(p?.profitRate)}>
            <Ltr>{pctText(p?.profitRate, { sign: true })}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('floworder_sharePaid')}</dt>
          <dd data-testid="mine-shared" data-value={p?.shared}>
            {usdt(p?.shared)}
          </dd>
        </div>
      </dl>
      <Link to={paths.copyTrading} className="link small" data-testid="mine-find-traders">
        {t('floworder_findTraders')} <Icon name="chevron" size={14} className={styles['ct-chevron']} />
      </Link>
    </section>
  );
}
