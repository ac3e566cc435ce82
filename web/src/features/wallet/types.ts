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

/** A withdrawal channel with the caller's limits (`ChannelView`). */
export type WithdrawChannel = Omit<Schemas['ChannelView'], 'kyc'> & { kyc: WithdrawKyc };

/** What a withdrawal would cost and hold (`WithdrawQuoteView`). */
export type WithdrawQuote = Schemas['WithdrawQuoteView'];

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

/** A withdrawal request (`WithdrawalView`). */
export type Withdrawal = Omit<Schemas['WithdrawalView'], 'status'> & { status: WithdrawalStatus };

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
  'settlement',
  'interest',
  'redemption_fee',
  'rebate',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/** One posting of the financial record (`RecordEntry`). */
export type FinancialRecord = Schemas['RecordEntry'];
