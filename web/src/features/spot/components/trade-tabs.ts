/** The trade screen's tabs in the spec's order (spec 2): Optional (watchlist) first, then SecondContract, BBTrading, Ustandard. */
export const TRADE_TAB_ORDER = ['optional', 'secondContract', 'BBTrading', 'Ustandard'] as const;
export type TradeTab = (typeof TRADE_TAB_ORDER)[number];

interface PlayingEntry {
  name?: string;
  key?: string;
  isOpen?: unknown;
}

/** Open PLAYING_SETTING entries, matched by key or name (case-insensitive), in the spec's order. */
export function tradeTabs(playing: PlayingEntry[] | undefined | null, isOn: (flag: unknown) => boolean): TradeTab[] {
  const entries = playing ?? [];
  return TRADE_TAB_ORDER.filter((tab) => {
    const entry = entries.find((e) => [e.key, e.name].some((v) => typeof v === 'string' && v.toLowerCase() === tab.toLowerCase()));
    return !!entry && isOn(entry.isOpen);
  });
}

/**
 * The tab /trade opens on when the URL names none: the first tab with something to
 * show (the watchlist when the user has starred a coin, else the next tab with
 * rows). `hasContent` answers undefined while a tab's data is still loading; a tab
 * with content behind a tab still loading waits (null), so the screen does not
 * jump from one tab to another. When no tab has content, the first tab.
 */
export function firstTabWithContent(tabs: readonly TradeTab[], hasContent: (tab: TradeTab) => boolean | undefined): TradeTab | null | undefined {
  for (const tab of tabs) {
    const has = hasContent(tab);
    if (has === undefined) return null;
    if (has) return tab;
  }
  return tabs[0];
}
