/** The trade screen's tabs: the products PLAYING_SETTING can list on /trade. */
export const TRADE_TABS = ['BBTrading', 'optional', 'Ustandard', 'secondContract'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

export interface PlayingEntry {
  name?: string;
  key?: string;
  isOpen?: unknown;
  sort?: unknown;
  /** "Y" on the entry /trade opens on (the console keeps exactly one). */
  default?: unknown;
}

function tabOf(entry: PlayingEntry): TradeTab | undefined {
  return TRADE_TABS.find((tab) => [entry.key, entry.name].some((v) => typeof v === 'string' && v.toLowerCase() === tab.toLowerCase()));
}

function sortOf(entry: PlayingEntry): number {
  const n = typeof entry.sort === 'number' ? entry.sort : typeof entry.sort === 'string' && /^\d+$/.test(entry.sort) ? Number(entry.sort) : NaN;
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

function ordered(playing: PlayingEntry[] | undefined | null): { entry: PlayingEntry; tab: TradeTab }[] {
  const rows = (playing ?? []).flatMap((entry, index) => {
    const tab = tabOf(entry);
    return tab ? [{ entry, tab, index }] : [];
  });
  // The operator's order: `sort`, then the list's own order (a stable tie-break).
  rows.sort((a, b) => sortOf(a.entry) - sortOf(b.entry) || a.index - b.index);
  const seen = new Set<TradeTab>();
  return rows.filter((r) => (seen.has(r.tab) ? false : (seen.add(r.tab), true)));
}

/** Open PLAYING_SETTING entries, matched by key or name (case-insensitive), in the operator's `sort` order. */
export function tradeTabs(playing: PlayingEntry[] | undefined | null, isOn: (flag: unknown) => boolean): TradeTab[] {
  return ordered(playing)
    .filter((r) => isOn(r.entry.isOpen))
    .map((r) => r.tab);
}

function isDefault(flag: unknown): boolean {
  return flag === 'Y' || flag === true;
}

/**
 * The tab /trade opens on when the URL names none: the open entry the operator
 * marked default, else the first open tab (settings saved before the default
 * existed); undefined when no tab is open.
 */
export function defaultTradeTab(playing: PlayingEntry[] | undefined | null, isOn: (flag: unknown) => boolean): TradeTab | undefined {
  const open = ordered(playing).filter((r) => isOn(r.entry.isOpen));
  return (open.find((r) => isDefault(r.entry.default)) ?? open[0])?.tab;
}
