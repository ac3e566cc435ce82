/**
 * The live order book of one pair, pure (docs/api.md "Spot trading"):
 *
 * - a snapshot (REST `GET /api/market/depth` or the socket's `snapshot: true`) replaces the
 *   book and sets `seq`;
 * - a delta applies when its `prevSeq` is the book's `seq`; an amount of "0" removes the level;
 * - a delta whose `seq` the book already has (`seq <= book.seq`) is stale and dropped;
 * - any other delta is a gap: the book is marked `resyncing`, the caller subscribes again
 *   for a fresh snapshot, and deltas are dropped until it arrives.
 *
 * A REST snapshot only replaces a book that is older (the socket may already be ahead);
 * a socket snapshot always does, since the deltas that follow are chained to it.
 * Prices are compared as decimals ("100.10" and "100.1" are one level); nothing is a float.
 */
import Decimal from 'decimal.js';
import type { Level } from './api';

export interface Book {
  /** null until the first snapshot. */
  seq: number | null;
  /** Keyed by the normalised price (Decimal#toFixed). */
  bids: ReadonlyMap<string, Level>;
  asks: ReadonlyMap<string, Level>;
  /** A gap was seen: waiting for a fresh snapshot. */
  resyncing: boolean;
}

export interface DepthData {
  snapshot?: boolean;
  seq: number;
  prevSeq?: number;
  bids?: Level[];
  asks?: Level[];
}

export type DeltaResult = 'applied' | 'stale' | 'resync' | 'waiting';

export const emptyBook = (): Book => ({ seq: null, bids: new Map(), asks: new Map(), resyncing: false });

function validLevel(level: unknown): level is Level {
  if (!Array.isArray(level) || level.length < 2) return false;
  try {
    const p = new Decimal(String(level[0]));
    const a = new Decimal(String(level[1]));
    return p.isFinite() && a.isFinite() && p.gt(0) && a.gte(0);
  } catch {
    return false;
  }
}

const key = (price: string) => new Decimal(price).toFixed();

function levelsToMap(levels: Level[] | undefined): Map<string, Level> {
  const map = new Map<string, Level>();
  for (const level of levels ?? []) {
    if (!validLevel(level)) continue;
    const [price, amount] = [String(level[0]), String(level[1])];
    if (new Decimal(amount).isZero()) continue;
    map.set(key(price), [price, amount]);
  }
  return map;
}

function applyLevels(into: ReadonlyMap<string, Level>, changes: Level[] | undefined): Map<string, Level> {
  const map = new Map(into);
  for (const level of changes ?? []) {
    if (!validLevel(level)) continue;
    const [price, amount] = [String(level[0]), String(level[1])];
    if (new Decimal(amount).isZero()) map.delete(key(price));
    else map.set(key(price), [price, amount]);
  }
  return map;
}

/** Replace the book with a snapshot. `source: 'rest'` only replaces an older (or no) book. */
export function applySnapshot(book: Book, snap: Pick<DepthData, 'seq' | 'bids' | 'asks'>, source: 'rest' | 'socket'): Book {
  if (source === 'rest' && book.seq !== null && !book.resyncing && snap.seq <= book.seq) return book;
  return { seq: snap.seq, bids: levelsToMap(snap.bids), asks: levelsToMap(snap.asks), resyncing: false };
}

/** Apply one socket delta; see the module comment for the outcomes. */
export function applyDelta(book: Book, delta: DepthData): { book: Book; result: DeltaResult } {
  if (book.seq === null || book.resyncing) return { book, result: 'waiting' };
  if (delta.seq <= book.seq) return { book, result: 'stale' };
  if (delta.prevSeq !== book.seq) return { book: { ...book, resyncing: true }, result: 'resync' };
  return {
    book: { seq: delta.seq, bids: applyLevels(book.bids, delta.bids), asks: applyLevels(book.asks, delta.asks), resyncing: false },
    result: 'applied',
  };
}

/** One socket DEPTH frame (snapshot or delta). */
export function applyMessage(book: Book, data: DepthData): { book: Book; result: DeltaResult | 'snapshot' } {
  if (data.snapshot) return { book: applySnapshot(book, data, 'socket'), result: 'snapshot' };
  return applyDelta(book, data);
}

/** Read a socket frame's data as DepthData; null when it is not one. */
export function toDepthData(raw: Record<string, unknown>): DepthData | null {
  const seq = Number(raw.seq);
  if (!Number.isFinite(seq)) return null;
  const prev = raw.prevSeq === undefined || raw.prevSeq === null ? undefined : Number(raw.prevSeq);
  return {
    snapshot: raw.snapshot === true,
    seq,
    prevSeq: prev,
    bids: Array.isArray(raw.bids) ? (raw.bids as Level[]) : [],
    asks: Array.isArray(raw.asks) ? (raw.asks as Level[]) : [],
  };
}

export interface BookRow {
  price: string;
  amount: string;
  /** Depth bar width: amount / largest amount shown, as a CSS percentage "0".."100". */
  bar: string;
}

export interface BookView {
  /** Best (lowest) ask first. */
  asks: BookRow[];
  /** Best (highest) bid first. */
  bids: BookRow[];
  bestBid: string | null;
  bestAsk: string | null;
  /** (bestBid + bestAsk) / 2, or null without both sides. */
  mid: Decimal | null;
  spread: Decimal | null;
}

function sorted(map: ReadonlyMap<string, Level>, desc: boolean, rows: number): Level[] {
  return [...map.values()]
    .sort((a, b) => {
      const c = new Decimal(a[0]).cmp(new Decimal(b[0]));
      return desc ? -c : c;
    })
    .slice(0, rows);
}

/** The top `rows` levels of each side with bars proportional to amount (one scale for both sides). */
export function bookView(book: Book, rows: number): BookView {
  const asks = sorted(book.asks, false, rows);
  const bids = sorted(book.bids, true, rows);
  let max = new Decimal(0);
  for (const [, amount] of [...asks, ...bids]) {
    const a = new Decimal(amount);
    if (a.gt(max)) max = a;
  }
  const row = ([price, amount]: Level): BookRow => ({
    price,
    amount,
    bar: max.isZero() ? '0' : new Decimal(amount).div(max).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
  });
  const bestBid = bids[0]?.[0] ?? null;
  const bestAsk = asks[0]?.[0] ?? null;
  const mid = bestBid && bestAsk ? new Decimal(bestBid).plus(bestAsk).div(2) : null;
  const spread = bestBid && bestAsk ? new Decimal(bestAsk).minus(bestBid) : null;
  return { asks: asks.map(row), bids: bids.map(row), bestBid, bestAsk, mid, spread };
}
