import { compareDecimal, toDecimal } from '@/shared/format/number';
import type { SymbolRow, Ticker } from '@/features/market';

export type Board = 'gainers' | 'losers' | 'turnover';

/** How each board asks symbolmanage/list to order its rows (turnover is ranked here, from the tickers). */
export const BOARD_ORDER: Record<Board, { column: string; asc: boolean }> = {
  gainers: { column: 'priceChangePercent', asc: false },
  losers: { column: 'priceChangePercent', asc: true },
  turnover: { column: 'sort', asc: true },
};

type BoardRow = SymbolRow & { turnover?: string };

/**
 * The ten rows of a board. Gainers and losers by 24 h percent change; turnover by
 * 24 h quote (USDT) turnover (the ticker's volume2), not by base-coin volume, which
 * would rank a cheap coin above a dear one. Rows without a figure go last. Exact
 * decimals throughout.
 */
export function boardRows(board: Board, rows: SymbolRow[], tickers: Record<string, Ticker> | undefined): BoardRow[] {
  if (board === 'turnover') {
    const withTurnover: BoardRow[] = rows.map((r) => ({ ...r, turnover: tickers?.[r.coin.toLowerCase()]?.volume2 ?? undefined }));
    return withTurnover
      .map((r, i) => ({ r, i }))
      .sort((a, b) => {
        const x = toDecimal(a.r.turnover);
        const y = toDecimal(b.r.turnover);
        if (!x || !y) return x ? -1 : y ? 1 : a.i - b.i;
        return y.cmp(x) || a.i - b.i;
      })
      .map(({ r }) => r)
      .slice(0, 10);
  }
  const asc = BOARD_ORDER[board].asc;
  const data = [...rows];
  // The server orders the rows; make sure the order holds, by percent change (exact decimals).
  const key = (r: SymbolRow) => r.priceChangePercent ?? r.change;
  data.sort((a, b) => (asc ? compareDecimal(key(a), key(b)) : compareDecimal(key(b), key(a))));
  return data.slice(0, 10);
}
