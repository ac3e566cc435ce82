/**
 * Rewards calls and shapes: the agent (referral) area, the invite summary and
 * the welfare centre, as the contract in notes/rewards-api.md has them.
 * Amounts, shares and progress are decimal strings; times are epoch milliseconds.
 */
import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

type Schemas = components['schemas'];

/** Rebates in one coin, all time and today (UTC) (`CoinRebates`). */
export type CoinRebates = Schemas['CoinRebates'];

/** The caller's referral tree in counts, the rebates it paid them and the published shares (`AgentInfo`). */
export type AgentInfo = Schemas['AgentInfo'];

/** "0" | "<1K" | "1K-10K" | "10K-100K" | ">=100K": the member's spot volume in USDT. */
export type VolumeBand = string;

/** A member of the caller's downline (`Member`); `volumeBand` is a VolumeBand. */
export type Member = Schemas['Member'];

export type Product = 'spot' | 'futures' | 'option' | 'second';

/** One rebate the caller received (`Earning`); `product` is a Product. */
export type Earning = Schemas['Earning'];

export type TaskKind = 'bind_email' | 'bind_phone' | 'kyc_primary' | 'first_deposit' | 'first_trade' | 'spot_volume';

/** A welfare task (`TaskView`); `kind` is a TaskKind. */
export type WelfareTask = Schemas['TaskView'];

/** The reward of the Nth consecutive day (`CalendarDay`). */
export type CalendarDay = Schemas['CalendarDay'];

/** The caller's sign-in calendar and streak (`SignInView`). */
export type SignInState = Schemas['SignInView'];

/** What the caller must deposit before task and sign-in rewards are paid, and how far they are (`DepositCondition`). */
export type DepositCondition = Schemas['DepositCondition'];

/** The welfare centre: tasks, sign-in, the deposit condition and the rules (`WelfareCenter`). */
export type WelfareCenter = Schemas['WelfareCenter'];

export type ClaimKind = 'task' | 'sign_in';

/** A reward paid: a task's or a day's sign-in (`ClaimView`); `kind` is a ClaimKind. */
export type Claim = Schemas['ClaimView'];

export const getAgentInfo = () => unwrap(api.postJson<AgentInfo>('/api/agentActivityInfo/getAgentInfo'));

/** `level` 1, 2 or 3; every level when null. */
export const getDownline = (level: 1 | 2 | 3 | null, pageNum: number, pageSize: number) =>
  unwrap(api.get<Page<Member>>('/api/agent/downline', level === null ? { pageNum, pageSize } : { level, pageNum, pageSize }));

export const getEarnings = (pageNum: number, pageSize: number) => unwrap(api.get<Page<Earning>>('/api/agent/earnings', { pageNum, pageSize }));

export const getWelfareCenter = () => unwrap(api.get<WelfareCenter>('/api/welfare/center'));

/** Refused with the server's message when the task is not done, already claimed, or the deposit condition is not met. */
export const claimTask = (taskId: number) => unwrap(api.postJson<Claim>('/api/welfare/claim', { taskId } satisfies Schemas['ClaimBody']));

/** Refused with the server's message when today (UTC) is signed already or the deposit condition is not met. */
export const signInToday = () => unwrap(api.postJson<Claim>('/api/welfare/signIn'));

export const getClaims = (pageNum: number, pageSize: number) => unwrap(api.get<Page<Claim>>('/api/welfare/claims', { pageNum, pageSize }));
