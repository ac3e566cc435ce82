import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { paths } from '@/shared/config/paths';
import { sanitizeAmountInput } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { formatDecimal } from '@/shared/format/decimal-format';
import { toDecimal } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { useSubmit } from '@/shared/hooks/use-submit';
import { coinLabel, streamSymbol } from '@/features/market';
import { Button, EmptyState, Icon, Ltr, Spinner, toast } from '@/shared/ui';
import { useRefreshBalances } from '@/features/wallet';
import { DISCLOSURE_REQUIRED, type Direction, type Disclosure, type Period, type SecondOrder } from '../api';
import { type SecondCoin } from '../hooks';
import { keysOf, SECOND_SOURCE, type ContractSource, type PlaceRequest } from '../source';
import { checkStake, quoteStake, stakeChips } from '../lib/contract-math';
import { percentText, periodText } from '../lib/labels';
import { DisclosureSheet } from './DisclosureSheet';
import styles from '../fixed-payout.module.css';

export const USDT = 'USDT';

export interface TradeFormProps {
  coin: SecondCoin;
  periods: Period[];
  periodsState: 'loading' | 'error' | 'ready';
  onRetryPeriods: () => void;
  isSign: boolean;
  /** Spot USDT available; undefined while unknown or signed out. */
  available?: string;
  disclosure?: Disclosure;
  refetchDisclosure: () => Promise<{ data?: Disclosure }>;
  /** A new order, with the client time its answer arrived. */
  onPlaced: (order: SecondOrder, receivedAt: number) => void;
  /** The product's calls (second contracts when absent). */
  source?: ContractSource;
  /** Why orders cannot be placed right now (options between the cutoff and the next issue). */
  blocked?: string | null;
  /** More lines for the figures (an option's fee and total). */
  extraFacts?: (stake: string | null) => ReactNode;
  /** Extra content above the period chips (an option's issue). */
  header?: ReactNode;
  /** Told when the user picks another period. */
  onPeriod?: (periodId: number) => void;
  /** The disclosure's opening, for a product other than second contracts. */
  disclosureIntro?: (period: Period) => string;
}

type SheetState = { direction: Direction | null } | null;

/** Period, stake and what they mean, then Up or Down; the risk disclosure first when it was never acknowledged. */
export function TradeForm({
  coin,
  periods,
  periodsState,
  onRetryPeriods,
  isSign,
  available,
  disclosure,
  refetchDisclosure,
  onPlaced,
  source = SECOND_SOURCE,
  blocked = null,
  extraFacts,
  header,
  onPeriod,
  disclosureIntro,
}: TradeFormProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const refreshBalances = useRefreshBalances();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<SheetState>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);

  const period = periods.find((p) => p.id === periodId) ?? periods[0];
  const check = checkStake(stake, period, isSign ? available : undefined);
  const quote = check.ok && period ? quoteStake(check.value, period) : null;
  const chips = useMemo(() => stakeChips(period, isSign ? available : undefined), [period, isSign, available]);
  const coinName = coinLabel(coin);

  // A new coin starts on its first period, stake kept.
  useEffect(() => {
    setPeriodId(null);
    setServerError(null);
  }, [coin.id]);

  const stakeError = (() => {
    if (check.ok) return null;
    if (check.error.kind === 'empty' && !tried) return null;
    return amountErrorText(t, check.error, USDT);
  })();

  const edit = (raw: string) => {
    setServerError(null);
    setStake(sanitizeAmountInput(raw));
  };

  const input = (direction: Direction): PlaceRequest | null => {
    if (!check.ok || !period) return null;
    return {
      direction,
      betAmount: check.value.toFixed(),
      period,
      symbol: streamSymbol(coin),
      coin: coin.coin.toLowerCase(),
    };
  };

  /** Sends the order; a refusal for want of the disclosure opens it again. */
  const send = async (direction: Direction) => {
    const request = input(direction);
    if (!request) return;
    try {
      const order = await action.current.run({ ...request, period: request.period.id }, (key) => source.place(request, key));
      onPlaced(order, Date.now());
      toast(t('sc_placed', { direction: t(direction === 'up' ? 'sc_up' : 'sc_down'), amount: money.amount(order.betAmount, USDT) }), 'success');
      setTried(false);
    } catch (e) {
      if (e instanceof ApiError && e.code === DISCLOSURE_REQUIRED) {
        await refetchDisclosure();
        setSheet({ direction });
      } else {
        setServerError(e instanceof ApiError ? e.msg || t('System error') : t('Network anomaly'));
      }
      throw e;
    } finally {
      await refreshBalances();
    }
  };

  const place = async (direction: Direction) => {
    setTried(true);
    setServerError(null);
    if (!isSign || blocked || !input(direction)) return;
    if (!disclosure?.accepted) {
      setSheetError(null);
      setSheet({ direction });
      return;
    }
    await run(() => send(direction));
  };

  const acknowledge = async () => {
    const direction = sheet?.direction ?? null;
    setSheetError(null);
    await run(async () => {
      try {
        const version = disclosure?.version ?? (await refetchDisclosure()).data?.version;
        if (version === undefined) throw new Error('no disclosure version');
        const accepted = await source.acceptDisclosure(version);
        qc.setQueriesData<Disclosure>({ queryKey: keysOf(source).disclosure }, () => accepted);
      } catch (e) {
        setSheetError(e instanceof ApiError ? e.msg || t('System error') : t('Network anomaly'));
        throw e;
      }
      setSheet(null);
      if (direction) await send(direction);
    });
  };

  if (periodsState === 'loading') {
    return (
      <div className={styles['sc-form-loading']}>
        <Spinner />
      </div>
    );
  }
  if (periodsState === 'error') {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={onRetryPeriods}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!period) return <EmptyState text={t('sc_noPeriods', { coin: coinName })} icon="flash" />;

  return (
    <form
      className={styles['sc-form']}
      data-testid="sc-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      {header}
      <div className={styles['sc-group']}>
        <div className={styles['sc-label']}>{t('sc_period')}</div>
        <div className={styles['sc-periods']} role="radiogroup" aria-label={t('sc_period')}>
          {periods.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={p.id === period.id}
              className={`${styles['sc-period']} ${p.id === period.id ? styles['sc-on'] : ''}`}
              onClick={() => {
                setPeriodId(p.id);
                setServerError(null);
                onPeriod?.(p.id);
              }}
              data-testid={`sc-period-${p.period}`}
            >
              <span className={styles['sc-period-time']}>{periodText(t, p.period)}</span>
              <span className={`${styles['sc-period-odds']} up`}>
                <Ltr>+{percentText(p.odds)}</Ltr>
              </span>
            </button>
          ))}
        </div>
      </div>

      <div className={styles['sc-group']} role="group" aria-label={t('sc_stake')}>
        <div className={`${styles['sc-label']} ${styles['sc-label-row']}`}>
          <span>{t('sc_stake')}</span>
          <span className="muted small" data-testid="sc-limits">
            {t('sc_limits', { min: money.amount(period.minAmount, USDT), max: money.amount(period.maxAmount, USDT), coin: USDT })}
          </span>
        </div>
        {chips.length ? (
          <div className={styles['sc-chips']} style={{ '--sc-cols': chips.length <= 5 ? chips.length : Math.ceil(chips.length / 2) } as CSSProperties}>
            {chips.map((c) => (
              <button
                key={c.kind === 'all' ? 'all' : c.amount}
                type="button"
                className={`${styles['sc-chip']} ${stake === c.amount ? styles['sc-on'] : ''}`}
                aria-pressed={stake === c.amount}
                onClick={() => edit(c.amount)}
                data-testid={c.kind === 'all' ? 'sc-stake-all' : `sc-stake-${c.amount}`}
              >
                {c.kind === 'all' ? t('all') : <Ltr>{formatDecimal(c.amount)}</Ltr>}
              </button>
            ))}
          </div>
        ) : null}
        <div className={`${styles['sc-input']} ${stakeError ? 'field-error' : ''}`}>
          <label className="field-box">
            <span className="visually-hidden">{t('sc_stake')}</span>
            <input
              className="field-input mono"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('sc_stakePlaceholder')}
              value={stake}
              onChange={(e) => edit(e.target.value)}
              aria-invalid={!!stakeError}
              aria-label={t('sc_stake')}
              data-testid="sc-stake-input"
            />
            <span className={styles['sc-unit']}>{USDT}</span>
          </label>
          {stakeError ? (
            <p className="field-message" role="alert" data-testid="sc-stake-error">
              {stakeError}
            </p>
          ) : null}
        </div>
        <div className={`${styles['sc-available']} small`}>
          <span className="muted">{t('sc_available')}</span>
          <span className="mono" data-testid="sc-available" data-value={isSign && available !== undefined ? toDecimal(available)?.toFixed() : undefined}>
            {isSign && available !== undefined ? (
              <>
                <Ltr>{money.balance(available, USDT)}</Ltr> {USDT}
              </>
            ) : (
              '--'
            )}
          </span>
        </div>
      </div>

      <dl className={styles['sc-facts']} data-testid="sc-quote">
        <div>
          <dt>{t('sc_winPays')}</dt>
          <dd className="mono up" data-testid="sc-win-profit" data-value={quote?.profit.toFixed()}>
            {quote ? (
              <>
                <Ltr>{money.amount(quote.profit, USDT, { sign: 'always' })}</Ltr> {USDT}
              </>
            ) : (
              <Ltr>+{percentText(period.odds)}</Ltr>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('sc_winTotal')}</dt>
          <dd className="mono" data-testid="sc-win-total" data-value={quote?.total.toFixed()}>
            {quote ? (
              <>
                <Ltr>{money.amount(quote.total, USDT)}</Ltr> {USDT}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('sc_lossTakes')}</dt>
          <dd className="mono down" data-testid="sc-loss" data-value={quote?.loss.toFixed()}>
            {quote ? (
              <>
                <Ltr>{money.amount(quote.loss.negated(), USDT)}</Ltr> {USDT}
              </>
            ) : (
              <Ltr>-{percentText(period.lossRate)}</Ltr>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('sc_breakEven')}</dt>
          <dd className="mono" data-testid="sc-break-even">
            <Ltr>{percentText(period.breakEvenWinRate)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('sc_houseEdge')}</dt>
          <dd className="mono" data-testid="sc-house-edge">
            <Ltr>{percentText(period.houseEdge)}</Ltr>
          </dd>
        </div>
        {extraFacts?.(check.ok ? check.value.toFixed() : null)}
      </dl>
      <ul className={styles['sc-rules']} data-testid="sc-rules">
        <li>{t('sc_tieRule')}</li>
        <li>{t('sc_voidRule')}</li>
      </ul>

      {serverError ? (
        <p className="field-message" role="alert" data-testid="sc-server-error">
          {serverError}
        </p>
      ) : null}

      {blocked ? (
        <p className={`${styles['sc-blocked']} small`} role="status" data-testid="sc-blocked">
          {blocked}
        </p>
      ) : null}
      {isSign ? (
        <div className={styles['sc-actions']}>
          <button type="button" className={`${styles['sc-bet']} ${styles['sc-bet-up']}`} disabled={pending || !!blocked} onClick={() => void place('up')} data-testid="sc-up">
            <Icon name="futures" size={20} />
            <span>{t('sc_up')}</span>
          </button>
          <button type="button" className={`${styles['sc-bet']} ${styles['sc-bet-down']}`} disabled={pending || !!blocked} onClick={() => void place('down')} data-testid="sc-down">
            <Icon name="futures" size={20} className={styles['sc-flip']} />
            <span>{t('sc_down')}</span>
          </button>
        </div>
      ) : (
        <Link to={paths.lr} className="btn btn-primary btn-block" data-testid="sc-sign-in">
          {t('sc_signIn')}
        </Link>
      )}
      <button
        type="button"
        className={`link-inline ${styles['sc-disclosure-link']}`}
        onClick={() => {
          setSheetError(null);
          setSheet({ direction: null });
        }}
        data-testid="sc-disclosure-open"
      >
        {t('sc_disclosure_title')}
      </button>

      <DisclosureSheet
        open={!!sheet}
        period={period}
        coin={coinName}
        disclosure={isSign ? disclosure : undefined}
        isSign={isSign}
        placing={!!sheet?.direction}
        pending={pending}
        error={sheetError}
        onClose={() => setSheet(null)}
        onConfirm={() => void acknowledge()}
        intro={disclosureIntro?.(period)}
      />
    </form>
  );
}
