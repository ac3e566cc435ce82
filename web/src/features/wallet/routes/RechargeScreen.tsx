import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Field, Icon, Ltr, Page, Spinner, toast } from '@/shared/ui';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useSettings } from '@/shared/settings/settings-store';
import { ImageUpload } from '@/shared/ui/ImageUpload';
import { getDeposits, payAddress } from '../api/recharge';
import type { Deposit } from '@/features/wallet/types';
import { PagedList } from '@/shared/ui/PagedList';
import { QrCode } from '@/shared/ui/QrCode';
import { StatusChip } from '../components/StatusChip';
import { useAssetCoins, type AssetCoin } from '../lib/asset-coins';
import { sanitizeAmountInput, validateAmount } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { copyText, dateTime, plainAmount } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import '@/shared/ui/wallet.css';

const DEPOSIT_SCALE = 8;
const TX_HASH = /^[A-Za-z0-9]{16,128}$/;
export const DEPOSITS_KEY = ['wallet', 'deposits'] as const;

export default function RechargeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { coins, pending } = useAssetCoins();
  const loadAddresses = useSettings((s) => s.loadRechargeAddresses);
  const requested = params.get('symbol');
  const selected: AssetCoin | undefined = coins.find((c) => c.coinName === requested) ?? coins[0];
  const coinGroups = useMemo(() => [...new Set(coins.map((c) => c.coin.toUpperCase()))], [coins]);
  const networks = coins.filter((c) => selected && c.coin.toUpperCase() === selected.coin.toUpperCase());

  // Every network's address in one round on arrival (throttled, only those not loaded yet).
  useEffect(() => {
    if (coins.length) void loadAddresses(coins.map((c) => ({ coin: c.coin, symbol: c.coinName })));
  }, [coins, loadAddresses]);

  useEffect(() => {
    if (window.location.hash === '#records') document.getElementById('records')?.scrollIntoView();
  }, []);

  const choose = (coinName: string) => setParams({ symbol: coinName }, { replace: true });

  return (
    <Page title={t('recharge_title')} testId="screen-recharge">
      {pending ? (
        <Spinner size={24} />
      ) : !selected ? (
        <EmptyState text={t('recharge_noneOpen')} />
      ) : (
        <div className="wallet-grid">
          <div className="stack">
            <section className="card stack">
              <div>
                <div className="field-label">{t('recharge_coin')}</div>
                <div className="chips" role="radiogroup">
                  {coinGroups.map((coin) => (
                    <button
                      key={coin}
                      type="button"
                      role="radio"
                      aria-checked={selected.coin.toUpperCase() === coin}
                      className={`pick ${selected.coin.toUpperCase() === coin ? 'pick-on' : ''}`}
                      onClick={() => choose(coins.find((c) => c.coin.toUpperCase() === coin)!.coinName)}
                      data-testid={`recharge-coin-${coin}`}
                    >
                      {coin}
                    </button>
                  ))}
                </div>
              </div>
              <div>
                <div className="field-label">{t('recharge_network')}</div>
                <div className="chips" role="radiogroup">
                  {networks.map((n) => (
                    <button
                      key={n.coinName}
                      type="button"
                      role="radio"
                      aria-checked={n.coinName === selected.coinName}
                      className={`pick ${n.coinName === selected.coinName ? 'pick-on' : ''}`}
                      onClick={() => choose(n.coinName)}
                      data-testid={`recharge-network-${n.coinName}`}
                    >
                      {n.coinName}
                    </button>
                  ))}
                </div>
              </div>
            </section>
            <AddressCard coin={selected} />
          </div>
          <div className="stack">
            <ClaimForm key={selected.coinName} coin={selected} />
            <section id="records" className="stack">
              <h3 className="section-title">{t('recharge_records')}</h3>
              <PagedList<Deposit>
                queryKey={DEPOSITS_KEY}
                fetchPage={getDeposits}
                itemKey={(d) => d.id}
                testId="deposit-records"
                renderItem={(d) => <DepositRow d={d} />}
              />
            </section>
          </div>
        </div>
      )}
    </Page>
  );
}

function AddressCard({ coin }: { coin: AssetCoin }) {
  const { t } = useTranslation();
  const money = useMoney();
  const address = useSettings((s) => s.userRechageMap[coin.coinName]);
  const error = useSettings((s) => (coin.coinName in s.rechargeAddressErrors ? s.rechargeAddressErrors[coin.coinName] : null));
  const load = useSettings((s) => s.loadRechargeAddresses);
  const clearError = useSettings((s) => s.clearRechargeAddressError);
  const retry = () => {
    clearError(coin.coinName);
    void load([{ coin: coin.coin, symbol: coin.coinName }]);
  };
  if (error !== null && !address) {
    return (
      <section className="card" data-testid="recharge-address-error">
        <EmptyState
          text={error || t('recharge_noAddress')}
          action={
            <Button variant="secondary" small onClick={retry}>
              {t('retry')}
            </Button>
          }
        />
      </section>
    );
  }
  if (!address) {
    return (
      <section className="card address-card" data-testid="recharge-address-loading">
        <Spinner size={24} />
        <p className="muted small">{t('recharge_addressLoading')}</p>
      </section>
    );
  }
  return (
    <section className="card address-card" data-testid="recharge-address-card" data-shared={address.shared ? 'true' : 'false'}>
      <QrCode text={address.address} testId="recharge-qr" />
      <div className="muted small">
        {t('recharge_addressOf', { coin: address.coin.toUpperCase(), network: address.network })}
      </div>
      <div className="address-text mono" data-testid="recharge-address">
        {address.address}
      </div>
      <Button
        variant="secondary"
        small
        onClick={async () => toast((await copyText(address.address)) ? t('copied') : t('copyFailed'), 'success')}
        data-testid="recharge-copy"
      >
        <Icon name="copy" size={14} /> {t('recharge_copy')}
      </Button>
      {address.shared ? (
        <p className="notice notice-warning" data-testid="recharge-shared">
          {t('recharge_sharedWarning')}
        </p>
      ) : (
        <p className="notice" data-testid="recharge-own">
          {t('recharge_ownAddress')}
        </p>
      )}
      <dl className="rules">
        <div>
          <dt>{t('recharge_min')}</dt>
          <dd data-testid="recharge-min">
            <Ltr>{money.amount(address.rechargeMin, address.coin)}</Ltr> {address.coin.toUpperCase()}
          </dd>
        </div>
        <div>
          <dt>{t('recharge_max')}</dt>
          <dd data-testid="recharge-max">
            <Ltr>{money.amount(address.rechargeMax, address.coin)}</Ltr> {address.coin.toUpperCase()}
          </dd>
        </div>
      </dl>
      <p className="muted small">{t('recharge_networkWarning', { network: address.network })}</p>
    </section>
  );
}

function ClaimForm({ coin }: { coin: AssetCoin }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const address = useSettings((s) => s.userRechageMap[coin.coinName]);
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [uploadKey, setUploadKey] = useState(0);
  const symbol = coin.coin.toUpperCase();
  const check = validateAmount(amount, {
    scale: DEPOSIT_SCALE,
    min: address?.rechargeMin ?? coin.rechargeMin,
    max: address?.rechargeMax ?? coin.rechargeMax,
  });
  const hashOk = TX_HASH.test(txHash.trim());
  const amountError = touched && !check.ok ? amountErrorText(t, check.error, symbol) : null;
  const hashError = touched && !hashOk ? t('recharge_txHashInvalid') : null;

  const submit = async () => {
    setTouched(true);
    if (!check.ok || !hashOk) return;
    const input = { coin: coin.coin.toLowerCase(), symbol: coin.coinName, amount: check.value.toFixed(), txHash: txHash.trim(), ...(screenshot ? { screenshot } : {}) };
    const ok = await run(async () => {
      await action.current.run(input, (key) => payAddress(input, key));
    });
    if (ok) {
      toast(t('recharge_claimSent'), 'success');
      setAmount('');
      setTxHash('');
      setScreenshot(null);
      setTouched(false);
      setUploadKey((k) => k + 1);
      await qc.invalidateQueries({ queryKey: DEPOSITS_KEY });
    }
  };

  return (
    <section className="card stack" data-testid="recharge-claim">
      <h3 className="section-title" style={{ margin: 0 }}>
        {t('recharge_claimTitle')}
      </h3>
      <p className="muted small">{t('recharge_claimHint')}</p>
      <Field
        label={t('recharge_amount')}
        inputMode="decimal"
        placeholder={address ? t('recharge_rangePlaceholder', { min: plainAmount(address.rechargeMin), max: plainAmount(address.rechargeMax) }) : '0'}
        value={amount}
        onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
        error={amountError}
        right={<span className="muted small" style={{ paddingInlineEnd: 8 }}>{symbol}</span>}
        data-testid="recharge-amount"
      />
      <Field
        label={t('recharge_txHash')}
        placeholder={t('recharge_txHashPlaceholder')}
        value={txHash}
        onChange={(e) => setTxHash(e.target.value.replace(/\s/g, ''))}
        error={hashError}
        autoComplete="off"
        spellCheck={false}
        data-testid="recharge-txhash"
      />
      <ImageUpload
        key={uploadKey}
        label={t('recharge_screenshot')}
        testId="recharge-screenshot"
        onUploaded={setScreenshot}
      />
      <Button block loading={pending} disabled={!address} onClick={submit} data-testid="recharge-submit">
        {t('recharge_submitClaim')}
      </Button>
    </section>
  );
}

function DepositRow({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="list-item record" data-testid="deposit-row" data-status={d.status}>
      <span className="list-main">
        <span className="row-between">
          <span className="list-title" style={{ color: 'var(--text)' }}>
            <Ltr>{money.amount(d.amount, d.coin, { sign: 'always' })}</Ltr> {d.coin.toUpperCase()}
          </span>
          <StatusChip status={d.status === 'pending' && d.contested ? 'review' : d.status} testId="deposit-status" />
        </span>
        <span className="muted small">{d.network}</span>
        <span className="muted small mono ellipsis">{t('record_txHash', { hash: d.txHash })}</span>
        {d.bonus && d.status === 'confirmed' && d.bonus !== '0' ? <span className="small up">{t('recharge_bonus', { amount: money.amount(d.bonus, d.coin), coin: d.coin.toUpperCase() })}</span> : null}
        {d.status === 'rejected' && d.reason ? <span className="small down">{t('record_reason', { reason: d.reason })}</span> : null}
        <span className="list-time">
          <bdi>{dateTime(d.createTime)}</bdi>
        </span>
      </span>
    </div>
  );
}
