import { resolveMenuLink } from '@/shared/config/paths';
import { openSorted, type MenuItem, type SettingConfig } from '@/shared/settings/types';

export interface AppMenuEntry {
  key: string;
  /** The link the app opens (menu aliases such as /assets resolved). */
  to: string;
  /** The operator's name for the item (shown when the app has no translation for its key). */
  name: string;
}

/**
 * The phone's menu (the spec's mobile sidebar, opened from home): the open
 * APP_SIDEBAR_SETTING items in their order, then every other product an open
 * item of the bottom menu, the desktop sidebar or the middle menu offers, so
 * that whatever a setting switches on is two taps from home on a phone (the
 * phone's tab bar is the spec's fixed five tabs, not BOTTOM_MENU_SETTING).
 * An item switched off is absent; a product already listed (by the screen it
 * opens, or by key) is not repeated.
 */
export function appMenuEntries(config: Pick<SettingConfig, 'APP_SIDEBAR_SETTING' | 'BOTTOM_MENU_SETTING' | 'PC_SIDEBAR_SETTING' | 'MIDDLE_MENU_SETTING'>): AppMenuEntry[] {
  const sources: (MenuItem[] | undefined)[] = [config.APP_SIDEBAR_SETTING, config.BOTTOM_MENU_SETTING, config.PC_SIDEBAR_SETTING, config.MIDDLE_MENU_SETTING];
  const keys = new Set<string>();
  const links = new Set<string>();
  const out: AppMenuEntry[] = [];
  for (const source of sources) {
    for (const item of openSorted(source)) {
      const to = resolveMenuLink(item.link);
      if (keys.has(item.key) || links.has(to)) continue;
      keys.add(item.key);
      links.add(to);
      out.push({ key: item.key, to, name: item.name });
    }
  }
  return out;
}
