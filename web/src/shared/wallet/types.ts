import type { components } from '@/shared/api/schema';
/** Wallet shapes of docs/api.md ("Wallet"). Amounts are decimal strings. */
export type WalletName = 'spot' | 'finance' | 'contract';
export const WALLETS: WalletName[] = ['spot', 'finance', 'contract'];

type Schemas = components['schemas'];

/** One coin of one wallet (`AssetRow`). */
export type WalletAsset = Schemas['AssetRow'];

export type WalletBalance = Omit<Schemas['WalletBalance'], 'wallet' | 'assets'> & {
  wallet: WalletName;
  assets: WalletAsset[];
};

export type AssetBalance = Omit<Schemas['AssetBalance'], 'wallets'> & { wallets: WalletBalance[] };

export type DepositStatus = 'pending' | 'confirmed' | 'rejected';

/** A deposit claim (`DepositView`); `contested` while another user claims the same transfer. */
export type Deposit = Omit<Schemas['DepositView'], 'status'> & { status: DepositStatus };

export type WithdrawWindow = Schemas['WindowView'];

export type KycTier = 'none' | 'primary' | 'advanced';

export type WithdrawKyc = Omit<Schemas['KycLimitView'], 'tier'> & { tier: KycTier };

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
