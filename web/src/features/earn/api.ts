/**
 * Earn calls and shapes: finance subscriptions and staking ("livecoin"), as
 * the contract in notes/earn-api.md has them. Amounts, rates and APRs are
 * decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { Page } from '@/shared/api/types';

/** 0 normal, 1 VIP, 2 value-added; "" all. */
export type Classify = '' | '0' | '1' | '2';

/** "none": no early redemption; "forfeit": the interest accrued is given back; "penalty": a fraction of the principal is kept. */
export type EarlyRule = 'forfeit' | 'penalty' | 'none';

export interface FinanceTerm {
  days: number;
  /** Percent a year, fixed for the term at subscription. */
  apr: string;
  /** apr / 365 as a percent, 8 dp. */
  dailyRate: string;
}

export interface FinanceProduct {
  id: number;
  title: string;
  intro: string;
  problem: string;
  icon: string;
  /** 1 on, 0 off. */
  status: number;
  coin: string;
  /** 0 normal, 1 VIP, 2 value-added. */
  classify: number;
  /** The terms' days, comma-separated ("7,30,90"). */
  days: string;
  terms: FinanceTerm[];
  minApr: string;
  maxApr: string;
  /** Daily percent of the shortest term. */
  avgRate: string;
  limitMin: string;
  limitMax: string;
  /** Orders per user, 0 unlimited. */
  timeLimit: number;
  /** The caller's orders of this product so far. */
  buyPurchase: number;
  /** VIP level required, 0 none. */
  level: number;
  /** The product's cap, "0" none. */
  totalInvestAmount: string;
  purchasedAmount: string;
  /** What the cap leaves, "" without a cap. */
  remainAmount: string;
  /** Percent of the cap taken, "0".."100". */
  process: string;
  earlyRule: EarlyRule;
  /** The penalty rule's fraction of the principal. */
  defaultOdds: string;
  /** 1 interest to spot daily, 2 with the principal at maturity. */
  settlementType: number;
  /** Renewal offered. */
  autoRenew: boolean;
  isHot: boolean;
  sort: number;
}

/** A published staking rate: from 00:00 UTC of `fromTime`'s day, `rate` percent a day. */
export interface RateEntry {
  fromTime: number;
  rate: string;
}

export interface StakingProduct {
  id: number;
  title: string;
  intro: string;
  icon: string;
  status: number;
  coin: string;
  /** One term, e.g. "30". */
  days: string;
  /** Early-redemption penalty, a fraction of the principal. */
  defaultOdds: string;
  /** Not in the contract's staking shape; the server sends it. The penalty applies when absent. */
  earlyRule?: EarlyRule;
  /** Today's rate, percent a day. */
  dailyRate: string;
  /** Lowest and highest published rate from today on. */
  minOdds: string;
  maxOdds: string;
  schedule: RateEntry[];
  timeLimit: number;
  buyPurchase: number;
  limitMin: string;
  limitMax: string;
  sort: number;
  settlementType: number;
  autoRenew: boolean;
}

export type OrderKind = 'finance' | 'staking';

/** 0 earning, 1 settled, 2 redeemed. */
export type OrderStatus = 0 | 1 | 2;

export interface EarnOrder {
  id: number;
  orderNo: string;
  kind: OrderKind;
  planId: number;
  planTitle: string;
  coin: string;
  amount: string;
  days: number;
  /** Finance: the APR fixed at subscription. */
  apr: string | null;
  /** Staking: today's published rate, percent a day. */
  dailyRate: string | null;
  minOdds: string;
  maxOdds: string;
  defaultOdds: string;
  earlyRule: string;
  status: number;
  settlementType: number;
  autoRenew: boolean;
  createTime: number;
  /** 00:00 UTC of the first day that earns. */
  startTime: number;
  /** 00:00 UTC of maturity. */
  endTime: number;
  settleTime: number | null;
  /** Interest accrued so far. */
  accumulaEarn: string;
  /** Of which paid to spot already. */
  paidEarn: string;
  /** The whole term's interest at the rates known (finance: exact). */
  estimatedEarn: string;
  /** When the next payment reaches spot. */
  nextPayout: number | null;
  /** Taken on early redemption ("0" otherwise). */
  penalty: string;
  /** Not in the contract; the server sends the interest a redemption gave back. Shown when present. */
  forfeited?: string;
}

export interface PersonalIncome {
  /** Total ever subscribed. */
  sumAmount: string;
  /** All interest accrued. */
  sumEarn: string;
  /** Principal in active orders. */
  position: string;
  /** Interest accrued today (same as todayEarn). */
  commission: string;
  todayEarn: string;
}

export interface StakingSummary {
  /** Staked in active orders. */
  amount: string;
  orderNum: number;
  /** Accrued in total. */
  profitMoney: string;
  /** Accrued today. */
  todayProfit: string;
}

export interface RedemptionPreview {
  id: number;
  coin: string;
  principal: string;
  penalty: string;
  interestForfeited: string;
  receive: string;
}

export interface FinanceSubmit {
  planId: number;
  money: string;
  days: number;
  /** Sent only when the product offers renewal. */
  autoRenew?: boolean;
}

export interface StakingSubmit {
  planId: number;
  amount: string;
}

const quiet = { silent: true };
const empty: Page<never> = { rows: [], total: 0 };

export async function getFinanceProducts(classify: Classify): Promise<Page<FinanceProduct>> {
  return (await api.postJson<Page<FinanceProduct>>('/api/financial/list', { classify }, quiet)).data ?? empty;
}

export async function getFinanceProduct(id: number): Promise<FinanceProduct> {
  return (await api.postQuery<FinanceProduct>(`/api/financial/${id}`, undefined, quiet)).data;
}

/** The query the server reads: planId, money, days, and autoRenew "true"/"false" when offered. */
export function financeSubmitParams(input: FinanceSubmit): Record<string, string | number> {
  const params: Record<string, string | number> = { planId: input.planId, money: input.money, days: input.days };
  if (input.autoRenew !== undefined) params.autoRenew = input.autoRenew ? 'true' : 'false';
  return params;
}

export async function submitFinance(input: FinanceSubmit, key: string): Promise<EarnOrder> {
  return (await api.postQuery<EarnOrder>('/api/financial/submit', financeSubmitParams(input), { headers: idempotencyHeaders(key) })).data;
}

export async function getPersonalIncome(): Promise<PersonalIncome> {
  return (await api.postQuery<PersonalIncome>('/api/financial/personalIncome', undefined, quiet)).data;
}

export async function getFinanceOrders(pageNum: number, pageSize: number): Promise<Page<EarnOrder>> {
  return (await api.postQuery<Page<EarnOrder>>('/api/order/list', { pageNum, pageSize }, quiet)).data ?? empty;
}

export async function getStakingProducts(): Promise<Page<StakingProduct>> {
  return (await api.postQuery<Page<StakingProduct>>('/api/mingProduct/list', undefined, quiet)).data ?? empty;
}

export async function getStakingSummary(): Promise<StakingSummary> {
  return (await api.postQuery<StakingSummary>('/api/mingOrder/show', undefined, quiet)).data;
}

export async function submitStaking(input: StakingSubmit, key: string): Promise<EarnOrder> {
  return (await api.postJson<EarnOrder>('/api/mingOrder/submit', { planId: input.planId, amount: input.amount }, { headers: idempotencyHeaders(key) })).data;
}

export async function getStakingOrders(pageNum: number, pageSize: number): Promise<Page<EarnOrder>> {
  return (await api.postQuery<Page<EarnOrder>>('/api/mingOrder/list', { pageNum, pageSize }, quiet)).data ?? empty;
}

/** What redeeming the caller's earning order now would return and cost (both kinds). */
export async function getRedemptionPreview(id: number): Promise<RedemptionPreview> {
  return (await api.get<RedemptionPreview>('/api/earn/redemption/preview', { id }, quiet)).data;
}

/** Redeems early by the order's kind: finance at /api/financial/redeem, staking at /api/mingOrder/redemption. */
export async function redeemOrder(kind: OrderKind, id: number): Promise<EarnOrder> {
  const path = kind === 'finance' ? '/api/financial/redeem' : '/api/mingOrder/redemption';
  return (await api.postJson<EarnOrder>(path, { id })).data;
}
