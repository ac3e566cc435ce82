import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyTradingConfirmPath, copyTradingTraderPath } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/format/date';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { Button, Ltr } from '@/shared/ui';
import type { CopyOrder, CopySkip, LeadPosition, MineTrader, Side } from '@/features/copy-trading/api';
import { toneOf } from '@/features/copy-trading/lib/display';
import { skipReasonKey, stopReasonKey } from '@/features/copy-trading/lib/reasons';
import { formatDecimal } from '@/shared/format/decimal-format';
import { daysText } from '@/features/earn';
import { Fig, TraderAvatar } from './Parts';
import styles from '../copy.module.css';

const USDT = 'USDT';

/** `side` is "long" or "short" (a lead position's and a skip's are the server's strings). */
function SideTag({ side }: { side: Side | string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles['ct-side-tag']} ${side === 'long' ? 'up' : 'down'}`} data-testid="side" data-value={side}>
      {side === 'long' ? t('fu_long') : t('fu_short')}
    </span>
  );
}

function time(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '--' : formatDateTime(ms);
}

/** A signed USDT amount in the colour of its sign. */
function Signed({ value }: { value: string }) {
  const money = useMoney();
  return (
    <span className={toneOf(value)}>
      <Ltr>{money.amount(value, USDT, { sign: 'always' })}</Ltr>
    </span>
  );
}

/** One of a lead trader's positions, open or closed. */
export function LeadPositionRow({ p, history }: { p: LeadPosition; history: boolean }) {
  const { t } = useTranslation();
  const coin = p.coin.toUpperCase();
  return (
    <article className={styles['ct-item']} data-testid="lead-position" data-position-id={p.id}>
      <div className={styles['ct-item-top']}>
        <SideTag side={p.side} />
        <strong className={styles['ct-item-title']}>{p.symbol.toUpperCase()}</strong>
        <span className="chip">
          <Ltr>{p.leverage}x</Ltr>
        </span>
      </div>
      <dl className={styles['ct-grid']}>
        <Fig label={t('fu_size')} value={p.openNum}>
          <Ltr>{p.openNum}</Ltr> {coin}
        </Fig>
        <Fig label={t('fu_entry')} value={p.openPrice}>
          <Ltr>{formatPrice(p.openPrice)}</Ltr>
        </Fig>
        {history ? (
          <>
            <Fig label={t('fu_closePrice')} value={p.closePrice}>
              <Ltr>{p.closePrice ? formatPrice(p.closePrice) : '--'}</Ltr>
            </Fig>
            <Fig label={t('floworder_realised')} testId="lead-position-earn" value={p.earn}>
              <Signed value={p.earn} />
            </Fig>
            <Fig label={t('floworder_opened')}>{time(p.openTime)}</Fig>
            <Fig label={t('floworder_closed')}>{time(p.closeTime)}</Fig>
          </>
        ) : (
          <Fig label={t('floworder_opened')}>{time(p.openTime)}</Fig>
        )}
      </dl>
    </article>
  );
}

const COPY_STATUS = { 0: 'floworder_copy_open', 1: 'floworder_copy_closed', 2: 'floworder_copy_liquidated' } as const;
const COPY_CHIP = { 0: 'chip-success', 1: '', 2: 'chip-danger' } as const;

/** One copied position: open (with its PnL at the mark and a close) or in the history (with the profit share charged). */
export function CopyOrderRow({ o, onClose }: { o: CopyOrder; onClose?: (o: CopyOrder) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = o.coin.toUpperCase();
  const status = (o.status === 1 || o.status === 2 ? o.status : 0) as 0 | 1 | 2;
  const open = status === 0;
  return (
    <article className={styles['ct-item']} data-testid="copy-row" data-copy-id={o.id} data-status={status}>
      <div className={styles['ct-item-top']}>
        <SideTag side={o.side} />
        <strong className={styles['ct-item-title']}>{o.symbol.toUpperCase()}</strong>
        <span className="chip">
          <Ltr>{o.leverage}x</Ltr>
        </span>
        <span className={`chip ${COPY_CHIP[status]}`} data-testid="copy-status">
          {t(COPY_STATUS[status])}
        </span>
      </div>
      <p className="muted small">
        {t('floworder_copiedFrom')}{' '}
        <Link to={copyTradingTraderPath(o.traderId)} className="link">
          {o.traderName}
        </Link>
      </p>
      <dl className={styles['ct-grid']}>
        <Fig label={t('fu_size')} value={o.openNum}>
          <Ltr>{o.openNum}</Ltr> {coin}
        </Fig>
        <Fig label={t('fu_entry')} value={o.openPrice}>
          <Ltr>{formatPrice(o.openPrice)}</Ltr>
        </Fig>
        <Fig label={t('fu_margin')} testId="copy-margin" value={o.margin}>
          <Ltr>{money.amount(o.margin, USDT)}</Ltr>
        </Fig>
        {open ? (
          <Fig label={t('floworder_unrealised')} testId="copy-unrealised" value={o.unrealised}>
            {o.unrealised === null ? '--' : <Signed value={o.unrealised} />}
          </Fig>
        ) : (
          <Fig label={t('fu_closePrice')} value={o.closePrice}>
            <Ltr>{o.closePrice ? formatPrice(o.closePrice) : '--'}</Ltr>
          </Fig>
        )}
        <Fig label={t('floworder_realised')} testId="copy-earn" value={o.earn}>
          <Signed value={o.earn} />
        </Fig>
        {open ? null : (
          <Fig label={t('floworder_shareCharged')} testId="copy-share" value={o.shareAmount}>
            <Ltr>{money.amount(o.shareAmount, USDT)}</Ltr>
          </Fig>
        )}
        <Fig label={t('floworder_opened')}>{time(o.openTime)}</Fig>
        {open ? null : <Fig label={t('floworder_closed')}>{time(o.closeTime)}</Fig>}
      </dl>
      {open && onClose ? (
        <div className={styles['ct-item-actions']}>
          <Button variant="danger" small onClick={() => onClose(o)} data-testid="copy-close">
            {t('fu_close')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** A copy that was not made: whose, what, and why. */
export function SkipRow({ s }: { s: CopySkip }) {
  const { t } = useTranslation();
  return (
    <article className={styles['ct-item']} data-testid="skip-row" data-skip-id={s.id} data-reason={s.reason}>
      <div className={styles['ct-item-top']}>
        <SideTag side={s.side} />
        <strong className={styles['ct-item-title']}>{s.symbol.toUpperCase()}</strong>
        <span className="muted small">{time(s.at)}</span>
      </div>
      <p className="small">
        {t('floworder_copiedFrom')}{' '}
        <Link to={copyTradingTraderPath(s.traderId)} className="link">
          {s.traderName}
        </Link>
      </p>
      <p className={styles['ct-warn']} data-testid="skip-reason">
        {t(skipReasonKey(s.reason))}
      </p>
    </article>
  );
}

/** A trader I follow (or followed): my settings, what the copies made and paid; edit or stop. */
export function MineTraderRow({ row, onStop }: { row: MineTrader; onStop: (row: MineTrader) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const active = row.status === 'active';
  const stop = stopReasonKey(row.stopReason);
  return (
    <article className={styles['ct-item']} data-testid="mine-trader" data-trader-id={row.traderId} data-status={row.status}>
      <div className={styles['ct-item-top']}>
        <TraderAvatar name={row.traderName} src={row.avatar} />
        <Link to={copyTradingTraderPath(row.traderId)} className={styles['ct-item-title']}>
          {row.traderName}
        </Link>
        <span className={`chip ${active ? 'chip-success' : ''}`} data-testid="mine-trader-status">
          {active ? t('floworder_active') : t('floworder_stopped')}
        </span>
      </div>
      {stop ? (
        <p className={styles['ct-warn']} data-testid="mine-trader-stop-reason">
          {t(stop)}
        </p>
      ) : null}
      <dl className={styles['ct-grid']}>
        <Fig label={t('floworder_mode')} testId="mine-trader-mode" value={row.followType}>
          {row.followType === 1 ? (
            t('floworder_modeAmountValue', { amount: money.amount(row.followAmount, USDT) })
          ) : (
            <Ltr>{formatDecimal(row.followRate)}%</Ltr>
          )}
        </Fig>
        <Fig label={t('floworder_coins')} value={row.followSymbol}>
          {row.followSymbol ? row.followSymbol.toUpperCase().split(',').join(', ') : '--'}
        </Fig>
        <Fig label={t('floworder_budget')} value={row.budget}>
          {row.budget ? <Ltr>{money.amount(row.budget, USDT)}</Ltr> : t('floworder_none')}
        </Fig>
        <Fig label={t('floworder_stopLoss')} value={row.stopLossRate}>
          {row.stopLossRate ? <Ltr>{formatDecimal(row.stopLossRate)}%</Ltr> : t('floworder_none')}
        </Fig>
        <Fig label={t('floworder_openMargin')} testId="mine-trader-open-margin" value={row.openMargin}>
          <Ltr>{money.amount(row.openMargin, USDT)}</Ltr>
        </Fig>
        <Fig label={t('floworder_realised')} testId="mine-trader-realised" value={row.realised}>
          <Signed value={row.realised} />
        </Fig>
        <Fig label={t('floworder_sharePaid')} testId="mine-trader-shared" value={row.shared}>
          <Ltr>{money.amount(row.shared, USDT)}</Ltr>
        </Fig>
        <Fig label={t('floworder_highWaterMark')} value={row.highWaterMark}>
          <Ltr>{money.amount(row.highWaterMark, USDT)}</Ltr>
        </Fig>
        <Fig label={t('floworder_followingFor')} value={row.followDay}>
          {daysText(t, row.followDay)}
        </Fig>
      </dl>
      {active ? (
        <div className={styles['ct-item-actions']}>
          <Link to={copyTradingConfirmPath(row.traderId)} className="btn btn-secondary btn-small" data-testid="mine-trader-edit">
            <span>{t('floworder_edit')}</span>
          </Link>
          <Button variant="danger" small onClick={() => onStop(row)} data-testid="mine-trader-stop">
            {t('floworder_stop')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
