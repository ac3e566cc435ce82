import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { offeredPeriods, ProductPanel, SECOND_SOURCE, stateOf, TradeForm, usePeriods, useSecondCoins, type PanelFormProps } from '@/features/fixed-payout';

/** The /flash screen's content: the coin (from ?symbol=), its live price and chart, the order form, open orders and history. */
export function SecondContractPanel() {
  const { t } = useTranslation();
  const coins = useSecondCoins();
  return <ProductPanel source={SECOND_SOURCE} coins={coins} testId="sc" empty={{ text: t('sc_noCoins'), icon: 'flash' }} remember Form={SecondContractForm} />;
}

/** The order form on the coin's periods. */
function SecondContractForm(props: PanelFormProps) {
  const periodsQuery = usePeriods(props.coin.id);
  const periods = useMemo(() => offeredPeriods(periodsQuery.data), [periodsQuery.data]);
  return <TradeForm {...props} periods={periods} periodsState={stateOf(periodsQuery)} onRetryPeriods={() => void periodsQuery.refetch()} />;
}
