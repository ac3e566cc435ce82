/** The wallet screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  withdrawDeposit: () => import('./routes/WithdrawDepositScreen'),
  withdraw: () => import('./routes/WithdrawScreen'),
  withdrawRecords: () => import('./routes/WithdrawRecordsScreen'),
  recharge: () => import('./routes/RechargeScreen'),
  rechargeMethod: () => import('./routes/RechargeMethodScreen'),
  cashFlow: () => import('./routes/CashFlowScreen'),
};

export { TransferSheet } from './TransferSheet';
export { WalletAssets } from './WalletAssets';
export { BALANCE_KEY, availableOf, refreshAfterMoneyMovement, useAssetBalance, useRefreshBalances } from './balances';
export type { AssetBalance } from './types';
