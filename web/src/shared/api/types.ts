/** The response envelope of every call (docs/api.md). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export type KycStatus = 'none' | 'pending' | 'approved' | 'rejected';

export interface Kyc {
  status: KycStatus;
  reason?: string | null;
  realName?: string | null;
  submitTime?: string | null;
}

export interface User {
  userId: number;
  username: string;
  email?: string | null;
  phone?: string | null;
  inviteCode?: string | null;
  parentInviteCode?: string | null;
  credits?: string | number | null;
  vipLevel?: number | null;
  status?: 'active' | 'frozen';
  hasTradePwd?: boolean;
  createTime?: string;
  kyc?: { primary?: Kyc; advanced?: Kyc };
}

/** Amounts are decimal strings. */
export interface Asset {
  coin: string;
  wallet?: string;
  available: string;
  frozen: string;
}

export interface WithdrawAddress {
  type: string;
  address: string;
}

/** User info as the session store holds it: the user, plus the latest withdraw address. */
export interface UserInfo extends User {
  withdrawAddress: WithdrawAddress;
}
