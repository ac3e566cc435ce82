import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '@/shared/catalogue/coins';
import { coinScales, moneyFormat, scaleLookup, type MoneyFormat } from './money';

/**
 * Balances and amounts as the screen shows them: each coin's precision from the
 * catalogue (spot pairs' coinPrecision), the interface language's separators.
 * Re-renders when the language changes or the catalogue arrives.
 */
export function useMoney(): MoneyFormat {
  const { i18n } = useTranslation();
  const { data } = useCoinList();
  const scales = useMemo(() => (data ? coinScales(data.currencyList as { coin: string; coinPrecision?: unknown }[]) : null), [data]);
  return useMemo(() => moneyFormat(scaleLookup(scales), i18n.language), [scales, i18n.language]);
}
