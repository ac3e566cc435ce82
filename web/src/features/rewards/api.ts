/**
 * Rewards calls and shapes: the agent (referral) area, the invite summary and
 * the welfare centre, as the contract in notes/rewards-api.md has them.
 * Amounts, shares and progress are decimal strings; times are epoch milliseconds.
 */
import { api, unwrap } from '@/shared/api/client';
import type { Page } from '@/shared/api/types';

/** Rebates in one coin, all time and today (UTC). */
export interface CoinRebates {
  coin: string;
  total: string;
  today: string;
}

/** The caller's referral tree in counts, the rebates it paid them and the published shares. */
export interface AgentInfo {
  /** Members invited directly. */
  childCount: number;
  /** Members at levels 1 to 3. */
  childAllCount: number;
  /** Members (levels 1 to 3) who registered today / yesterday (UTC). */
  todayCount: number;
  yesterdayCount: number;
  oneCount: number;
  twoCount: number;
  threeCount: number;
  sumCount: number;
  /** USDT rebates, all time and today. */
  sumAmount: string;
  todayAmount: string;
  /** Every coin's rebates. */
  rebates: CoinRebates[];
  /** Whether rebates are paid now. */
  isOpen: boolean;
  /** The published shares of a fee, in percent, per level. */
  oneRatio: string;
  twoRatio: string;
  threeRatio: string;
}

/** "0" | "<1K" | "1K-10K" | "10K-100K" | ">=100K": the member's spot volume in USDT. */
export type VolumeBand = string;

/** A member of the caller's downline. */
export interface Member {
  level: number;
  /** Masked, e.g. "de***ta". */
  account: string;
  joinTime: number;
  volumeBand: VolumeBand;
  /** USDT rebates the caller received from this member's fees. */
  rebates: string;
}

export type Product = 'spot' | 'futures' | 'option' | 'second';

/** One rebate the caller received. */
export interface Earning {
  id: number;
  level: number;
  product: Product | string;
  coin: string;
  /** The member's fee. */
  fee: string;
  /** The share, percent. */
  ratio: string;
  amount: string;
  /** The member who paid the fee, masked. */
  source: string;
  createTime: number;
}

export type TaskKind = 'bind_email' | 'bind_phone' | 'kyc_primary' | 'first_deposit' | 'first_trade' | 'spot_volume';

export interface WelfareTask {
  id: number;
  kind: TaskKind | string;
  /** In the caller's language. */
  title: string;
  description: string;
  rewardAmount: string;
  rewardCoin: string;
  /** Progress measured from real events, and the goal ("0"/"1" for a one-off task). */
  current: string;
  target: string;
  done: boolean;
  claimed: boolean;
}

/** The reward of the Nth consecutive day. */
export interface CalendarDay {
  day: number;
  amount: string;
  coin: string;
}

export interface SignInState {
  days: CalendarDay[];
  /** Consecutive days signed in up to today (or up to yesterday when today is not signed yet). */
  streak: number;
  signedToday: boolean;
  /** The calendar day of the next sign-in (today's, or tomorrow's once today is signed). */
  nextDay: number;
  nextAmount: string;
  nextCoin: string;
}

/** What the caller must deposit before task and sign-in rewards are paid, and how far they are. */
export interface DepositCondition {
  /** Confirmed deposits (USDT) rewards wait for; "0": the first confirmed deposit of any size. */
  minDeposit: string;
  /** The caller's confirmed deposits so far, valued in USDT. */
  deposited: string;
  /** Rewards can be claimed. */
  met: boolean;
}

export interface WelfareCenter {
  tasks: WelfareTask[];
  signIn: SignInState;
  condition: DepositCondition;
  /** The published rules, in the caller's language where written. */
  rules: string;
}

export type ClaimKind = 'task' | 'sign_in';

/** A reward paid: a task's or a day's sign-in. */
export interface Claim {
  id: number;
  kind: ClaimKind | string;
  taskId: number | null;
  title: string;
  amount: string;
  coin: string;
  createTime: number;
}

export const getAgentInfo = () => unwrap(api.postJson<AgentInfo>('/api/agentActivityInfo/getAgentInfo'));

/** `level` 1, 2 or 3; every level when null. */
export const getDownline = (level: 1 | 2 | 3 | null, pageNum: number, pageSize: number) =>
  unwrap(api.get<Page<Member>>('/api/agent/downline', level === null ? { pageNum, pageSize } : { level, pageNum, pageSize }));

export const getEarnings = (pageNum: number, pageSize: number) => unwrap(api.get<Page<Earning>>('/api/agent/earnings', { pageNum, pageSize }));

export const getWelfareCenter = () => unwrap(api.get<WelfareCenter>('/api/welfare/center'));

/** Refused with the server's message when the task is not done, already claimed, or the deposit condition is not met. */
export const claimTask = (taskId: number) => unwrap(api.postJson<Claim>('/api/welfare/claim', { taskId }));

/** Refused with the server's message when today (UTC) is signed already or the deposit condition is not met. */
export const signInToday = () => unwrap(api.postJson<Claim>('/api/welfare/signIn'));

export const getClaims = (pageNum: number, pageSize: number) => unwrap(api.get<Page<Claim>>('/api/welfare/claims', { pageNum, pageSize }));
