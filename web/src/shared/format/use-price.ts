import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '@/shared/catalogue/coins';
import type { DecimalText } from './decimal-format';
import { formatPrice } from './number';
import { formatPriceAt, formatRate, pairScalesByCoin, type PairScales, type RateText } from './precision';

export interface PriceFormat {
  /** The coin's spot pair scales; null without a pair (or before the catalogue). */
  scalesOf: (coin: string) => PairScales | null;
  /** A USDT price of `coin` at its pair's tick; by magnitude (spec 9) without a pair. */
  price: (value: DecimalText, coin: string) => string;
  /** A flash-exchange rate as "1 base ≈ price quote". */
  rate: (rate: DecimalText, from: string, to: string) => RateText | null;
}

/** Prices as the screen shows them: each pair's tick from the catalogue, the interface language's separators. */
export function usePriceFormat(): PriceFormat {
  const { i18n } = useTranslation();
  const { data } = useCoinList();
  const byCoin = useMemo(() => (data ? pairScalesByCoin(data.currencyList) : {}), [data]);
  return useMemo(() => {
    const scalesOf = (coin: string) => byCoin[coin.toUpperCase()] ?? null;
    return {
      scalesOf,
      price: (value, coin) => {
        const s = scalesOf(coin);
        return s ? formatPriceAt(value, s, i18n.language) : formatPrice(value);
      },
      rate: (rate, from, to) => formatRate(rate, from, to, scalesOf, i18n.language),
    };
  }, [byCoin, i18n.language]);
}
