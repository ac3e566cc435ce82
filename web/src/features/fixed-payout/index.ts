/**
 * Fixed-payout contracts: the engine second contracts and options share
 * (periods, orders, settlement, the trade form, chart and order lists, and
 * the panel that puts them together). No screen of its own:
 * features/second-contracts and features/options compose it.
 */
export type { Disclosure, Period, SecondOrder } from './api';
export { CoinPicker } from './components/CoinPicker';
export { ProductPanel, stateOf, type PanelFormProps } from './components/ProductPanel';
export { TradeForm } from './components/TradeForm';
export { pickCoin, usePeriods, useSecondCoins, type SecondCoin } from './hooks';
export { offeredPeriods } from './lib/contract-math';
export { SECOND_SOURCE, type ContractSource } from './source';
