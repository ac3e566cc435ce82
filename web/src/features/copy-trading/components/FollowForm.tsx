import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { paths } from '@/shared/config/paths';
import { sanitizeAmountInput } from '@/shared/format/amount';
import { formatDecimal } from '@/shared/format/decimal-format';
import { useMoney } from '@/shared/format/use-money';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useSession } from '@/shared/session/session-store';
import { Button, Field, Ltr, toast } from '@/shared/ui';
import { availableOf, useAssetBalance, TransferSheet } from '@/features/wallet';
import { addTraderUser, editTraderUser, type FollowInput, type FollowType, type TraderInfo } from '@/features/copy-trading/api';
import { useRefreshCopy } from '@/features/copy-trading/hooks';
import { shareText } from '@/features/copy-trading/lib/display';
import { followExample } from '@/features/copy-trading/lib/example';
import { followErrorText, RATE_MAX, RATE_MIN, validateFollow, type FollowField, type FollowForm as Form } from '@/features/copy-trading/lib/validate';
import styles from '../copy.module.css';

const USDT = 'USDT';

/**
 * The follow settings: a fixed ratio of the lead's size or a fixed margin per
 * order, the coins copied, an optional budget and stop-loss; the profit share
 * and a worked example; then follow (or save the active follow's changes).
 */
export function FollowForm({ trader, initial, editing, coins, shareRate }: { trader: TraderInfo; initial: Form; editing: boolean; coins: string[]; shareRate: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const isSign = useSession((s) => s.isSign);
  const balance = useAssetBalance(isSign);
  const refresh = useRefreshCopy();
  const { pending, run } = useSubmit();
  const [form, setForm] = useState<Form>(initial);
  const [dirty, setDirty] = useState<Partial<Record<FollowField, boolean>>>({});
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [transferring, setTransferring] = useState(false);

  const check = validateFollow(form, { minFollowAmount: trader.minFollowAmount });
  const errorOf = (field: FollowField): string | null => {
    if (check.ok || !(touched || dirty[field])) return null;
    const e = check.errors[field];
    return e ? followErrorText(t, e) : null;
  };
  const available = balance.data ? availableOf(balance.data, 'contract', USDT) : undefined;
  const example = followExample({ followType: form.followType, followRate: form.followRate, followAmount: form.followAmount, shareRate });
  // Every coin offered, and any the follow already names that the list no longer has.
  const choices = [...new Set([...coins, ...initial.symbols])];
  const allOn = choices.length > 0 && choices.every((c) => form.symbols.includes(c));

  const set = <K extends keyof Form>(key: K, value: Form[K], field?: FollowField) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (field) setDirty((d) => ({ ...d, [field]: true }));
    setServerError(null);
  };
  const toggle = (coin: string) =>
    set('symbols', form.symbols.includes(coin) ? form.symbols.filter((c) => c !== coin) : [...form.symbols, coin], 'symbols');

  const submit = async () => {
    setTouched(true);
    if (!check.ok) return;
    const input: FollowInput = { traderId: trader.id, ...check.input };
    await run(async () => {
      try {
        await (editing ? editTraderUser(input) : addTraderUser(input));
      } catch (e) {
        if (e instanceof ApiError) setServerError(e.msg || t('System error'));
        else setServerError(t('Network anomaly'));
        throw e;
      }
      await refresh();
      toast(editing ? t('floworder_saved') : t('floworder_followed', { name: trader.traderName }), 'success');
      navigate(paths.copyTradingMine);
    });
  };

  const mode = (type: FollowType, title: string, text: string) => (
    <button
      type="button"
      className={`${styles['ct-mode']} ${form.followType === type ? styles['ct-on'] : ''}`}
      aria-pressed={form.followType === type}
      onClick={() => set('followType', type)}
      data-testid={`follow-mode-${type}`}
    >
      <strong>{title}</strong>
      <span>{text}</span>
    </button>
  );

  return (
    <>
      <form className={styles['ct-form-grid']} onSubmit={(e) => e.preventDefault()} noValidate data-testid="follow-form" data-editing={editing}>
        <section className={`${styles['ct-box']} ${styles['ct-form']}`}>
          <div className={styles['ct-form']}>
            <span className={styles['ct-field-label']}>{t('floworder_mode')}</span>
            <div className={styles['ct-modes']} role="group" aria-label={t('floworder_mode')}>
              {mode(0, t('floworder_modeRatio'), t('floworder_modeRatioHint'))}
              {mode(1, t('floworder_modeAmount'), t('floworder_modeAmountHint'))}
            </div>
          </div>

          {form.followType === 0 ? (
            <Field
              label={t('floworder_ratio')}
              inputMode="decimal"
              autoComplete="off"
              value={form.followRate}
              onChange={(e) => set('followRate', sanitizeAmountInput(e.target.value), 'followRate')}
              placeholder={`${RATE_MIN}–${RATE_MAX}`}
              error={errorOf('followRate')}
              hint={t('floworder_ratioHint', { min: RATE_MIN, max: RATE_MAX })}
              right={<span className={styles['ct-unit']}>%</span>}
              data-testid="follow-rate"
            />
          ) : (
            <Field
              label={t('floworder_amount')}
              inputMode="decimal"
              autoComplete="off"
              value={form.followAmount}
              onChange={(e) => set('followAmount', sanitizeAmountInput(e.target.value), 'followAmount')}
              placeholder={t('floworder_minHint', { min: money.amount(trader.minFollowAmount, USDT) })}
              error={errorOf('followAmount')}
              hint={t('floworder_amountHint')}
              right={<span className={styles['ct-unit']}>{USDT}</span>}
              data-testid="follow-amount"
            />
          )}

          <div className={styles['ct-form']}>
            <div className={styles['ct-row']}>
              <span className={styles['ct-field-label']}>{t('floworder_coins')}</span>
              <span className="muted small" data-testid="follow-symbols-count">
                {t('floworder_coinsChosen', { n: form.symbols.length, total: choices.length })}
              </span>
            </div>
            <div className={styles['ct-chips']} role="group" aria-label={t('floworder_coins')} data-testid="follow-symbols">
              <button type="button" className={styles['ct-chip']} aria-pressed={allOn} onClick={() => set('symbols', allOn ? [] : choices, 'symbols')} data-testid="follow-symbols-all">
                {t('floworder_allCoins')}
              </button>
              {choices.map((c) => (
                <button key={c} type="button" className={styles['ct-chip']} aria-pressed={form.symbols.includes(c)} onClick={() => toggle(c)} data-testid={`follow-symbol-${c}`}>
                  {c.toUpperCase()}
                </button>
              ))}
            </div>
            {errorOf('symbols') ? (
              <p className="field-message" role="alert">
                {errorOf('symbols')}
              </p>
            ) : null}
          </div>

          <Field
            label={t('floworder_budgetOptional')}
            inputMode="decimal"
            autoComplete="off"
            value={form.budget}
            onChange={(e) => set('budget', sanitizeAmountInput(e.target.value), 'budget')}
            error={errorOf('budget')}
            hint={t('floworder_budgetHint')}
            right={<span className={styles['ct-unit']}>{USDT}</span>}
            data-testid="follow-budget"
          />
          <Field
            label={t('floworder_stopLossOptional')}
            inputMode="decimal"
            autoComplete="off"
            value={form.stopLossRate}
            onChange={(e) => set('stopLossRate', sanitizeAmountInput(e.target.value), 'stopLossRate')}
            error={errorOf('stopLossRate')}
            hint={t('floworder_stopLossHint')}
            right={<span className={styles['ct-unit']}>%</span>}
            data-testid="follow-stop-loss"
          />
        </section>

        <section className={`${styles['ct-box']} ${styles['ct-form-aside']}`}>
          <dl className={styles['ct-facts']}>
            <div>
              <dt>{t('floworder_shareRate')}</dt>
              <dd data-testid="follow-share-rate" data-value={shareRate}>
                <Ltr>{shareText(shareRate)}</Ltr>
              </dd>
            </div>
            <div>
              <dt>{t('floworder_minMargin')}</dt>
              <dd data-testid="follow-min" data-value={trader.minFollowAmount}>
                <Ltr>{money.amount(trader.minFollowAmount, USDT)}</Ltr>
              </dd>
            </div>
            <div>
              <dt>{t('floworder_futuresAvailable')}</dt>
              <dd data-testid="follow-available" data-value={available}>
                <Ltr>{available === undefined ? '--' : money.balance(available, USDT)}</Ltr>
              </dd>
            </div>
          </dl>
          <button type="button" className={`link-inline small ${styles['ct-transfer']}`} onClick={() => setTransferring(true)} data-testid="follow-transfer">
            {t('fu_transfer')}
          </button>

          <div className={styles['ct-example']} data-testid="follow-example">
            <strong>{t('floworder_example')}</strong>
            {form.followType === 0 ? (
              <p data-testid="follow-example-copy" data-value={example.copyContracts ?? undefined}>
                {example.copyContracts === null
                  ? t('floworder_exampleRatioPending', { lead: example.leadContracts })
                  : example.copyContracts === '0'
                    ? t('floworder_exampleRatioZero', { lead: example.leadContracts, exact: formatDecimal(example.copyExact) })
                    : example.copyExact !== example.copyContracts
                      ? t('floworder_exampleRatioRounded', { lead: example.leadContracts, copy: example.copyContracts, exact: formatDecimal(example.copyExact) })
                      : t('floworder_exampleRatio', { lead: example.leadContracts, copy: example.copyContracts })}
              </p>
            ) : (
              <p data-testid="follow-example-copy" data-value={example.margin ?? undefined}>
                {example.margin === null ? t('floworder_exampleAmountPending') : t('floworder_exampleAmount', { margin: money.amount(example.margin, USDT) })}
              </p>
            )}
            <p data-testid="follow-example-share" data-value={example.share}>
              {t('floworder_exampleShare', {
                profit: money.amount(example.profit, USDT),
                share: money.amount(example.share, USDT),
                rate: formatDecimal(example.sharePercent),
                keep: money.amount(example.keep, USDT),
              })}
            </p>
            <p className="muted small">{t('floworder_shareNote')}</p>
          </div>

          {serverError ? (
            <p className={styles['ct-error']} role="alert" data-testid="follow-error">
              {serverError}
            </p>
          ) : null}
          <Button block onClick={() => void submit()} disabled={!isSign || pending} loading={pending} data-testid="follow-submit">
            {editing ? t('floworder_saveChanges') : t('floworder_confirmFollow')}
          </Button>
          <p className="muted small">{t('floworder_riskNote')}</p>
        </section>
      </form>
      <TransferSheet open={transferring} onClose={() => setTransferring(false)} initialFrom="spot" />
    </>
  );
}
