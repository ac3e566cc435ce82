/**
 * Copy trading ("floworder": following lead futures traders) calls and shapes,
 * as the contract in notes/copy-api.md has them. Money and rates are decimal
 * strings; times are epoch milliseconds; counts are integers.
 */
import Decimal from 'decimal.js';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

/** 0 overall, 1 30-day ROI, 2 14-day win rate, 3 assets under management. */
export type SortBy = 0 | 1 | 2 | 3;
export const SORTS: readonly SortBy[] = [0, 1, 2, 3];

type Schemas = components['schemas'];

/** A lead trader as the list shows them (`TraderCard`). */
export type TraderCard = Schemas['TraderCard'];

/** A lead trader's page (`TraderInfo`: the card and their record). */
export type TraderInfo = Schemas['TraderInfo'];

/** One day of a trader's 30-day curve (`ProfitDay`: a UTC day, its ROI percent and profit). */
export type TraderProfitDay = Schemas['ProfitDay'];

export type Side = 'long' | 'short';

/** A lead trader's position (`LeadPosition`; open ones only after the trader's delay). */
export type LeadPosition = Schemas['LeadPosition'];

/** 0 fixed ratio (followRate percent of the lead's size), 1 fixed amount (followAmount USDT margin per order). */
export type FollowType = 0 | 1;

/**
 * The body of addTraderUser and editTraderUser (`FollowBody`); the trader,
 * the type and the coins are always sent. followRate is a percent 1-500
 * (type 0), followAmount USDT margin per copied order (type 1); budget is
 * the total margin cap, stopLossRate a percent of it.
 */
export type FollowInput = Schemas['FollowBody'] & Required<Pick<Schemas['FollowBody'], 'traderId' | 'followSymbol'>> & { followType: FollowType };

export type StopReason = 'stop_loss' | 'trader_removed';

/** One trader the caller follows or followed (`MineTrader`); status "active" or "stopped". */
export type MineTrader = Schemas['MineTrader'];

/** The caller's copies in sum (`MineProfit`). */
export type MineProfit = Schemas['MineProfit'];

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
 * A copied position as GET /api/follow/mineOrder sends it (`CopyOrder`): the
 * futures position (long/short as `type`, the open time as `createTime`, the
 * close as `dealPrice`/`dealTime`; `closePrice` is the liquidation price)
 * with its lead and the profit share it paid.
 */
export type CopyOrderWire = Schemas['CopyOrder'];

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
    closePrice: open ? null : (w.dealPrice ?? null),
    // A closed position holds no margin any more: its initial margin is what it used.
    margin: open ? w.adjustAmount : w.amount,
    earn: new Decimal(w.earn).minus(w.fees).toFixed(),
    unrealised: open ? (w.unrealisedPnl ?? null) : '0',
    shareAmount: w.shareAmount,
    openTime: w.createTime,
    closeTime: w.dealTime ?? null,
    status,
  };
}

export const SKIP_REASONS = ['balance', 'symbol', 'size', 'budget', 'stop_loss', 'house_limit', 'leverage'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A copy that was not made, and why (`SkipView`). */
export type CopySkip = Schemas['SkipView'];

/** 0 pending, 1 approved, 2 rejected. */
export type TraderStatus = 0 | 1 | 2;

/** The caller's own lead-trader application (`MyTrader`; status 0 pending, 1 approved, 2 rejected). */
export type MyTrader = Schemas['MyTrader'];

/** The body of applyTrader (`ApplyBody`); the name and bio are always sent. */
export type ApplyInput = Schemas['ApplyBody'] & Required<Pick<Schemas['ApplyBody'], 'traderName' | 'bio'>>;

/** The body of updateTrader (`UpdateBody`); orderDelaySeconds is 0..3600. */
export type UpdateTraderInput = Required<Schemas['UpdateBody']>;

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
