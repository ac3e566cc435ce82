/**
 * The coin catalogue (GET /api/common/getCoinList): every product's coins and
 * pairs with their precision. Generic: amounts are formatted with it
 * (shared/format/use-money); the market feature builds its data on it.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export interface CoinItem {
  coin: string;
  symbol?: string;
  showSymbol?: string;
  baseCoin?: string;
  open?: string;
  /** Last price. */
  amount?: string;
  logo?: string;
  sort?: number;
  status?: number | string;
  showFlag?: number | string;
  /** 2 = show showSymbol instead of symbol. */
  customizeFlag?: number | string;
  /** 'mt5' keeps the coin's case. */
  market?: string;
  /** 3 = look up the 24 h volume per coin. */
  coinType?: number | string;
  [field: string]: unknown;
}

export interface CoinList {
  coinList: CoinItem[];
  currencyList: CoinItem[];
  contractList: CoinItem[];
  optionList: CoinItem[];
}

/** GET /api/common/getCoinList */
export async function getCoinList(): Promise<CoinList> {
  const data = (await api.get<Partial<CoinList>>('/api/common/getCoinList', undefined, { silent: true })).data ?? {};
  return {
    coinList: data.coinList ?? [],
    currencyList: data.currencyList ?? [],
    contractList: data.contractList ?? [],
    optionList: data.optionList ?? [],
  };
}

export function useCoinList() {
  return useQuery({ queryKey: ['market', 'coinList'], queryFn: getCoinList, staleTime: 60_000 });
}
