/** Wallet shapes of docs/api.md ("Wallet"). Amounts are decimal strings. */
export type WalletName = 'spot' | 'finance' | 'contract';
export const WALLETS: WalletName[] = ['spot', 'finance', 'contract'];

export interface WalletAsset {
  coin: string;
  available: string;
  frozen: string;
  total: string;
  usdtPrice: string | null;
  usdtValue: string;
}

export interface WalletBalance {
  wallet: WalletName;
  totalUsdt: string;
  assets: WalletAsset[];
}

export interface AssetBalance {
  totalUsdt: string;
  wallets: WalletBalance[];
}

export type DepositStatus = 'pending' | 'confirmed' | 'rejected';

export interface Deposit {
  id: number;
  coin: string;
  network: string;
  address: string;
  amount: string;
  txHash: string;
  screenshot: string | null;
  status: DepositStatus;
  /** Pending while another user claims the same transfer: an operator decides whose it is. */
  contested?: boolean;
  bonus: string | null;
  reason: string | null;
  createTime: string;
  reviewTime: string | null;
}

export interface WithdrawWindow {
  limited: boolean;
  start: string;
  end: string;
  open: boolean;
  timeZone: string;
}

export interface WithdrawKyc {
  tier: number | string;
  primaryLimit: string | null;
  primaryOpen: boolean;
  seniorLimit: string | null;
  seniorOpen: boolean;
  withdrawnTodayUsdt: string;
}

export interface WithdrawChannel {
  channel: string;
  network: string;
  coin: string;
  status: number | boolean;
  fee: string;
  ratio: string;
  withdrawalMin: string;
  withdrawalMax: string;
  dayWithdrawalNum: number;
  freeNum: number;
  scale: number;
  available: string;
  todayCount: number;
  remainingCount: number | null;
  nextIsFree: boolean;
  window: WithdrawWindow;
  checkPass: boolean;
  checkCode: boolean;
  sameAddress: boolean;
  boundAddress: string | null;
  checkTax: boolean;
  feeTax: string;
  coinTax: string;
  kyc: WithdrawKyc;
}

export interface WithdrawQuote {
  coin: string;
  amount: string;
  fee: string;
  netAmount: string;
  totalFrozen: string;
  separateFee: { coin: string; amount: string } | null;
  remainingTodayCount: number | null;
  free: boolean;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

export interface Withdrawal {
  id: number;
  coin: string;
  channel: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  netAmount: string;
  separateFeeCoin: string | null;
  separateFee: string | null;
  status: WithdrawalStatus;
  txHash: string | null;
  reason: string | null;
  createTime: string;
  reviewTime: string | null;
}

export const POSTING_KINDS = [
  'deposit',
  'deposit_bonus',
  'withdrawal',
  'withdrawal_fee',
  'transfer',
  'freeze',
  'unfreeze',
  'exchange',
  'exchange_fee',
  'reward',
  'trade',
  'trade_fee',
  'adjustment',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export interface FinancialRecord {
  id: number;
  txId: string;
  type: PostingKind | string;
  coin: string;
  amount: string;
  change: string;
  from: string;
  to: string;
  fromBucket: string;
  toBucket: string;
  reference: string | null;
  createTime: string;
}
