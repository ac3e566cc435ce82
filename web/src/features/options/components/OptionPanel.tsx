import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/format/use-money';
import { streamSymbol } from '@/features/market';
import { Ltr } from '@/shared/ui';
import { offeredPeriods, ProductPanel, stateOf, TradeForm, type PanelFormProps } from '@/features/fixed-payout';
import { asSharedPeriod, OPTION_SOURCE, type OptionPeriod } from '../api';
import { useIssueClock, useOptionCoins, useOptionPeriods, useTicking } from '../hooks';
import { entryState, issueAt, optionFee } from '../lib/issue';
import { IssueBar } from './IssueBar';

const USDT = 'USDT';

/** The /flashOption screen's content: the option pair (from ?symbol=), its live price and chart, the issue, the order form, open orders and history. */
export function OptionPanel() {
  const { t } = useTranslation();
  const coins = useOptionCoins();
  return <ProductPanel source={OPTION_SOURCE} coins={coins} testId="op" empty={{ text: t('op_noCoins'), icon: 'option' }} remember={false} Form={OptionForm} />;
}

/** The order form on the pair's periods, with the running issue, its cutoff and the option's fee. */
function OptionForm(props: PanelFormProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const { coin } = props;
  const symbol = streamSymbol(coin);
  const [periodId, setPeriodId] = useState<number | null>(null);

  const periodsQuery = useOptionPeriods(symbol);
  const optionPeriods: OptionPeriod[] = useMemo(() => (periodsQuery.data ?? []).filter((p) => Number(p.status) === 1), [periodsQuery.data]);
  const periods = useMemo(() => offeredPeriods(optionPeriods.map(asSharedPeriod)), [optionPeriods]);
  // The form picks its period; the issue follows the first until then.
  const current = optionPeriods.find((p) => p.id === periodId) ?? optionPeriods[0];
  useEffect(() => setPeriodId(null), [coin.id]);

  const { skew } = useIssueClock(current?.id);
  const now = useTicking(skew);
  const issue = current ? issueAt(now, current.period, current.cutoff) : null;
  const entry = issue ? entryState(issue, now) : null;

  const blocked = entry && !entry.open ? t('op_entryClosedNext', { seconds: entry.secondsToNext }) : null;

  return (
    <TradeForm
      {...props}
      periods={periods}
      periodsState={stateOf(periodsQuery)}
      onRetryPeriods={() => void periodsQuery.refetch()}
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
  );
}
