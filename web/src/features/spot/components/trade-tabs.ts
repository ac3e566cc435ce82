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
