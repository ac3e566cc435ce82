/**
 * Fixed-payout contracts: the engine second contracts and options share
 * (periods, orders, settlement, the trade form, chart and order lists).
 * No screen of its own: features/second-contracts and features/options compose it.
 */
export type { Disclosure, Period, SecondOrder } from './api';
export { CoinPicker, coinPair } from './components/CoinPicker';
export { LiveLineChart } from './components/LiveLineChart';
export { OrdersSection } from './components/OrdersSection';
export { ResultSheet } from './components/ResultSheet';
export { TradeForm } from './components/TradeForm';
export { default as fixedPayoutStyles } from './fixed-payout.module.css';
export {
  OPEN_KEY,
  pickCoin,
  rememberSymbol,
  rememberedSymbol,
  useClockSkew,
  useDisclosure,
  useOpenOrders,
  usePeriods,
  useSecondCoins,
  useSettlements,
  type SecondCoin,
} from './hooks';
export { offeredPeriods } from './lib/contract-math';
export { keysOf, type ContractSource } from './source';
