/**
 * Copy trading ("floworder": following lead futures traders) calls and shapes,
 * as the contract in notes/copy-api.md has them. Money and rates are decimal
 * strings; times are epoch milliseconds; counts are integers.
 */
import Decimal from 'decimal.js';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/types';
import type { ContractPosition } from '@/features/futures';

/** 0 overall, 1 30-day ROI, 2 14-day win rate, 3 assets under management. */
export type SortBy = 0 | 1 | 2 | 3;
export const SORTS: readonly SortBy[] = [0, 1, 2, 3];

/** A lead trader as the list shows them. */
export interface TraderCard {
  id: number;
  traderName: string;
  /** A URL, or "" for none. */
  avatar: string;
  bio: string;
  /** Followers now. */
  followUser: number;
  maxUserCount: number;
  /** 30-day ROI on the margin of positions closed in 30 days, percent. */
  profitRate30: string;
  /** 30-day net realised PnL, USDT. */
  profitAmount30: string;
  /** 14-day win rate, percent. */
  profitRate14: string;
  /** Percent points of the cumulative daily ROI curve. */
  maxDrawdown30: string;
  /** Assets under management: margin in followers' open copies, USDT. */
  followAmount: string;
  /** Followers' realised net return after the profit share, percent. */
  followersReturn: string;
  /** Least margin per copied order, USDT. */
  minFollowAmount: string;
  /** Fraction of followers' profit paid to the lead ("0.2"). */
  shareRate: string;
  /** 30 daily ROI percents, oldest first. */
  series: string[];
  /** Whether the signed-in caller follows them (false signed out). */
  following: boolean;
}

export interface TraderInfo extends TraderCard {
  /** Days since approval. */
  followOrder: number;
  /** Profit share earned, USDT. */
  rewardAmount: string;
  winCount14: number;
  lossCount14: number;
  /** Seconds before followers see the lead's open positions. */
  orderDelaySeconds: number;
  createTime: number;
}

/** One day of a trader's 30-day curve. */
export interface TraderProfitDay {
  /** "2026-11-01" (UTC day). */
  day: string;
  /** Daily ROI, percent. */
  rewardRate: string;
  profit: string;
}

export type Side = 'long' | 'short';

/** A lead trader's position (open ones only after the trader's delay). */
export interface LeadPosition {
  id: number;
  symbol: string;
  coin: string;
  side: Side;
  leverage: number;
  openNum: string;
  openPrice: string;
  closePrice: string | null;
  /** Realised net (history). */
  earn: string;
  openTime: number;
  closeTime: number | null;
}

/** 0 fixed ratio (followRate percent of the lead's size), 1 fixed amount (followAmount USDT margin per order). */
export type FollowType = 0 | 1;

/** The body of addTraderUser and editTraderUser. */
export interface FollowInput {
  traderId: number;
  followType: FollowType;
  /** Percent 1-500 (type 0). */
  followRate?: string;
  /** USDT margin per copied order (type 1). */
  followAmount?: string;
  /** Lower-case coins, comma separated ("btc,eth"). */
  followSymbol: string;
  /** Total margin cap; absent for none. */
  budget?: string;
  /** Percent of the budget; needs a budget. */
  stopLossRate?: string;
}

export type StopReason = 'stop_loss' | 'trader_removed';

/** One trader the caller follows (or followed). */
export interface MineTrader {
  traderId: number;
  traderName: string;
  avatar: string;
  followDay: number;
  followType: FollowType;
  followRate: string;
  followAmount: string;
  followSymbol: string;
  budget: string | null;
  stopLossRate: string | null;
  createTime: number;
  /** Net realised of the copies so far. */
  realised: string;
  /** Profit share paid. */
  shared: string;
  highWaterMark: string;
  /** Margin in open copies. */
  openMargin: string;
  status: 'active' | 'stopped';
  stopReason: StopReason | string | null;
}

export interface MineProfit {
  /** Margin in open copies. */
  betAmount: string;
  /** Realised net, after the profit share. */
  profitAndLoss: string;
  /** Percent. */
  profitRate: string;
  /** Profit share paid. */
  shared: string;
}

/** 0 open, 1 closed, 2 liquidated. */
export type CopyStatus = 0 | 1 | 2;

/** A copied position, as the screens read it (see `copyOrderOf`). */
export interface CopyOrder {
  id: number;
  traderId: number;
  traderName: string;
  leadPositionId: number;
  symbol: string;
  coin: string;
  side: Side;
  leverage: number;
  openNum: string;
  openPrice: string;
  closePrice: string | null;
  margin: string;
  /** Realised net so far: the booked PnL less the fees. */
  earn: string;
  /** At the mark (open ones; "0" in the history; null while there is no mark). */
  unrealised: string | null;
  /** Profit share charged on it. */
  shareAmount: string;
  openTime: number;
  closeTime: number | null;
  status: CopyStatus;
}

/**
 * A copied position as GET /api/follow/mineOrder sends it: the futures
 * position (long/short as `type`, the open time as `createTime`, the close
 * as `dealPrice`/`dealTime`; `closePrice` is the liquidation price) with its
 * lead and the profit share it paid.
 */
export interface CopyOrderWire extends ContractPosition {
  traderId: number;
  traderName: string;
  leadPositionId: number;
  shareAmount: string;
}

/** The screens' copy of a mineOrder row. */
export function copyOrderOf(w: CopyOrderWire): CopyOrder {
  const status: CopyStatus = w.status === 1 || w.status === 2 ? w.status : 0;
  const open = status === 0;
  return {
    id: w.id,
    traderId: w.traderId,
    traderName: w.traderName,
    leadPositionId: w.leadPositionId,
    symbol: w.symbol,
    coin: w.coin,
    side: w.type === 1 ? 'short' : 'long',
    leverage: w.leverage,
    openNum: w.openNum,
    openPrice: w.openPrice,
    closePrice: open ? null : w.dealPrice,
    // A closed position holds no margin any more: its initial margin is what it used.
    margin: open ? w.adjustAmount : w.amount,
    earn: new Decimal(w.earn).minus(w.fees).toFixed(),
    unrealised: open ? w.unrealisedPnl : '0',
    shareAmount: w.shareAmount,
    openTime: w.createTime,
    closeTime: w.dealTime,
    status,
  };
}

export const SKIP_REASONS = ['balance', 'symbol', 'size', 'budget', 'stop_loss', 'house_limit', 'leverage'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A copy that was not made, and why. */
export interface CopySkip {
  id: number;
  traderId: number;
  traderName: string;
  symbol: string;
  side: Side;
  leadPositionId: number;
  reason: SkipReason | string;
  at: number;
}

/** 0 pending, 1 approved, 2 rejected. */
export type TraderStatus = 0 | 1 | 2;

/** The caller's own lead-trader application. */
export interface MyTrader {
  id: number;
  traderName: string;
  avatar: string;
  bio: string;
  status: TraderStatus;
  reason: string | null;
  orderDelaySeconds: number;
  createTime: number;
  followUser: number;
}

export interface ApplyInput {
  traderName: string;
  bio: string;
  avatar?: string;
}

export interface UpdateTraderInput {
  traderName: string;
  bio: string;
  /** 0..3600. */
  orderDelaySeconds: number;
}

/** TRADER_SETTING of the settings. */
export interface TraderSetting {
  shareRate?: string;
  maxUserCount?: number;
  traderMinAmount?: string;
  [key: string]: unknown;
}

export interface TraderQuery {
  sortBy: SortBy;
  traderName: string;
}

const quiet = { silent: true };
const empty: Page<never> = { rows: [], total: 0 };

/** GET /api/follow/traderList: the name filter is sent only when there is one. */
export async function getTraders(query: TraderQuery, pageNum: number, pageSize: number): Promise<Page<TraderCard>> {
  const params: Record<string, unknown> = { sortBy: query.sortBy, pageNum, pageSize };
  const name = query.traderName.trim();
  if (name) params.traderName = name;
  return (await api.get<Page<TraderCard>>('/api/follow/traderList', params, quiet)).data ?? empty;
}

export async function getTraderInfo(id: number): Promise<TraderInfo> {
  return (await api.get<TraderInfo>(`/api/follow/traderInfo/${id}`, undefined, quiet)).data;
}

export async function getTraderProfit(id: number): Promise<TraderProfitDay[]> {
  return (await api.get<TraderProfitDay[]>(`/api/follow/traderProfit/${id}`, undefined, quiet)).data ?? [];
}

export async function getTraderOrders(id: number, isHistory: 0 | 1, pageNum: number, pageSize: number): Promise<Page<LeadPosition>> {
  return (await api.get<Page<LeadPosition>>(`/api/follow/traderOrder/${id}`, { isHistory, pageNum, pageSize }, quiet)).data ?? empty;
}

/** Follow a trader; errors are shown by the form (msg). */
export async function addTraderUser(input: FollowInput): Promise<unknown> {
  return (await api.postJson('/api/follow/addTraderUser', input, quiet)).data;
}

/** Change the settings of the active follow. */
export async function editTraderUser(input: FollowInput): Promise<unknown> {
  return (await api.postJson('/api/follow/editTraderUser', input, quiet)).data;
}

/** Stop following; `closePositions` closes the copies too (else they stay open for the follower to close). */
export async function delTraderUser(traderId: number, closePositions: boolean): Promise<unknown> {
  return (await api.postJson('/api/follow/delTraderUser', { traderId, closePositions })).data;
}

/** POST /api/follow/mineTrader (the page is sent as query parameters). */
export async function getMineTraders(pageNum: number, pageSize: number): Promise<Page<MineTrader>> {
  return (await api.postQuery<Page<MineTrader>>('/api/follow/mineTrader', { pageNum, pageSize }, quiet)).data ?? empty;
}

export async function getMineProfit(): Promise<MineProfit> {
  return (await api.get<MineProfit>('/api/follow/mineProfit', undefined, quiet)).data;
}

export async function getMineOrders(isHistory: 0 | 1, pageNum: number, pageSize: number): Promise<Page<CopyOrder>> {
  const page = (await api.get<Page<CopyOrderWire>>('/api/follow/mineOrder', { isHistory, pageNum, pageSize }, quiet)).data;
  return page ? { ...page, rows: page.rows.map(copyOrderOf) } : empty;
}

export async function getMineSkips(pageNum: number, pageSize: number): Promise<Page<CopySkip>> {
  return (await api.get<Page<CopySkip>>('/api/follow/mineSkips', { pageNum, pageSize }, quiet)).data ?? empty;
}

/** The caller's application, null when they never applied. */
export async function getMyTrader(): Promise<MyTrader | null> {
  return (await api.get<MyTrader | null>('/api/follow/myTrader', undefined, quiet)).data ?? null;
}

export async function applyTrader(input: ApplyInput): Promise<unknown> {
  return (await api.postJson('/api/follow/applyTrader', input, quiet)).data;
}

export async function updateTrader(input: UpdateTraderInput): Promise<unknown> {
  return (await api.postJson('/api/follow/updateTrader', input, quiet)).data;
}
