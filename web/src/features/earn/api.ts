/**
 * Earn calls and shapes: finance subscriptions and staking ("livecoin"), as
 * the contract in notes/earn-api.md has them. Amounts, rates and APRs are
 * decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

/** 0 normal, 1 VIP, 2 value-added; "" all. */
export type Classify = '' | '0' | '1' | '2';

/** "none": no early redemption; "forfeit": the interest accrued is given back; "penalty": a fraction of the principal is kept. */
export type EarlyRule = 'forfeit' | 'penalty' | 'none';

type Schemas = components['schemas'];

/** A finance term: its days, the APR fixed for it at subscription, and apr / 365 as a percent (`TermView`). */
export type FinanceTerm = Schemas['TermView'];

/** A finance product (`FinanceProductView`); `earlyRule` is an EarlyRule. */
export type FinanceProduct = Schemas['FinanceProductView'];

/** A published staking rate: from 00:00 UTC of `fromTime`'s day, `rate` percent a day (`RateView`). */
export type RateEntry = Schemas['RateView'];

/** A staking product (`StakingProductView`): one term, today's rate and the published schedule. */
export type StakingProduct = Schemas['StakingProductView'];

export type OrderKind = 'finance' | 'staking';

/** 0 earning, 1 settled, 2 redeemed. */
export type OrderStatus = 0 | 1 | 2;

/** A finance or staking order (`EarnOrderView`); `kind` is an OrderKind. */
export type EarnOrder = Schemas['EarnOrderView'];

/** The caller's finance totals (`Income`). */
export type PersonalIncome = Schemas['Income'];

/** The caller's staking totals (`StakingSummary`). */
export type StakingSummary = Schemas['StakingSummary'];

/** What redeeming an order now would return and cost (`RedemptionPreview`). */
export type RedemptionPreview = Schemas['RedemptionPreview'];

export interface FinanceSubmit {
  planId: number;
  money: string;
  days: number;
  /** Sent only when the product offers renewal. */
  autoRenew?: boolean;
}

/** The body of a staking order (`StakeBody`) without renewal, which the form does not offer. */
export type StakingSubmit = Pick<Schemas['StakeBody'], 'planId' | 'amount'>;

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

/** Redeems early by the order's kind (an OrderKind): finance at /api/financial/redeem, staking at /api/mingOrder/redemption. */
export async function redeemOrder(kind: EarnOrder['kind'], id: number): Promise<EarnOrder> {
  const path = kind === 'finance' ? '/api/financial/redeem' : '/api/mingOrder/redemption';
  return (await api.postJson<EarnOrder>(path, { id })).data;
}
