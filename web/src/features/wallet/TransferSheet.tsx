import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, Button, Field, toast } from '@/shared/ui';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { availableOf, transferFunds, useAssetBalance, useRefreshBalances } from '@/features/wallet/balances';
import { WALLETS, type WalletName } from '@/features/wallet/types';
import { allAmount, sanitizeAmountInput, validateAmount } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { useMoney } from '@/shared/format/use-money';

/** Ledger amounts carry at most 8 decimals. */
const TRANSFER_SCALE = 8;

/** Move a coin between the user's own wallets (spot, finance, contract). */
export function TransferSheet({ open, onClose, initialFrom = 'spot' }: { open: boolean; onClose: () => void; initialFrom?: WalletName }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { data: balance } = useAssetBalance(open);
  const refresh = useRefreshBalances();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [from, setFrom] = useState<WalletName>(initialFrom);
  const [to, setTo] = useState<WalletName>(initialFrom === 'contract' ? 'spot' : 'contract');
  const [coin, setCoin] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const coins = useMemo(() => {
    const set = new Set<string>(['USDT']);
    balance?.wallets.forEach((w) => w.assets.forEach((a) => set.add(a.coin.toUpperCase())));
    return [...set].sort();
  }, [balance]);
  const available = availableOf(balance, from, coin);
  const check = validateAmount(amount, { scale: TRANSFER_SCALE, available });
  const error = touched && !check.ok ? amountErrorText(t, check.error, coin) : serverError;

  const pickFrom = (w: WalletName) => {
    setFrom(w);
    if (w === to) setTo(from);
    setServerError(null);
  };
  const pickTo = (w: WalletName) => {
    setTo(w);
    if (w === from) setFrom(to);
    setServerError(null);
  };

  const submit = async () => {
    setTouched(true);
    if (!check.ok || from === to) return;
    const input = { from, to, coin, amount: check.value.toFixed() };
    await run(async () => {
      try {
        await action.current.run(input, (key) => transferFunds(input, key));
      } catch (e) {
        if (e instanceof ApiError) setServerError(e.msg);
        throw e;
      }
      toast(t('transfer_done'), 'success');
      setAmount('');
      setTouched(false);
      await refresh();
      onClose();
    });
  };

  return (
    <BottomSheet open={open} title={t('transfer_title')} onClose={onClose} testId="transfer-sheet">
      <div className="stack" style={{ padding: '4px 18px 18px' }}>
        <div className="transfer-wallets">
          <WalletSelect label={t('transfer_from')} value={from} onChange={pickFrom} testId="transfer-from" />
          <button
            type="button"
            className="icon-btn transfer-swap"
            aria-label={t('transfer_swap')}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
            data-testid="transfer-swap"
          >
            ⇅
          </button>
          <WalletSelect label={t('transfer_to')} value={to} onChange={pickTo} testId="transfer-to" />
        </div>
        <label className="field">
          <span className="field-label">{t('transfer_coin')}</span>
          <select className="field-box select-native" value={coin} onChange={(e) => setCoin(e.target.value)} data-testid="transfer-coin">
            {coins.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <Field
          label={t('transfer_amount')}
          inputMode="decimal"
          placeholder="0"
          value={amount}
          onChange={(e) => {
            setAmount(sanitizeAmountInput(e.target.value));
            setServerError(null);
          }}
          onBlur={() => setTouched(Boolean(amount))}
          error={error}
          hint={t('transfer_available', { amount: money.balance(available, coin), coin })}
          right={
            <button type="button" className="field-action" onClick={() => setAmount(allAmount(available, TRANSFER_SCALE))} data-testid="transfer-all">
              {t('all')}
            </button>
          }
          data-testid="transfer-amount"
        />
        <Button block loading={pending} disabled={!check.ok} onClick={submit} data-testid="transfer-submit">
          {t('transfer_confirm')}
        </Button>
      </div>
    </BottomSheet>
  );
}

function WalletSelect({ label, value, onChange, testId }: { label: string; value: WalletName; onChange: (w: WalletName) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <label className="field" style={{ flex: 1 }}>
      <span className="field-label">{label}</span>
      <select className="field-box select-native" value={value} onChange={(e) => onChange(e.target.value as WalletName)} data-testid={testId}>
        {WALLETS.map((w) => (
          <option key={w} value={w}>
            {t(`wallet_name_${w}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
