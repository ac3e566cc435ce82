// The console's text keys, typed from its English files (one per area), so a
// `t('missing.key')` in console code fails the type check. The user app's own
// keys (src/locales/en.json) are a different set, typed in shared/i18n.
import type audit from './locales/en/audit.json';
import type catalogue from './locales/en/catalogue.json';
import type content from './locales/en/content.json';
import type dashboard from './locales/en/dashboard.json';
import type house from './locales/en/house.json';
import type queues from './locales/en/queues.json';
import type security from './locales/en/security.json';
import type settings from './locales/en/settings.json';
import type shell from './locales/en/shell.json';
import type signin from './locales/en/signin.json';
import type users from './locales/en/users.json';

/** A key of one of the console's English files. */
export type ConsoleKey =
  | keyof typeof audit
  | keyof typeof catalogue
  | keyof typeof content
  | keyof typeof dashboard
  | keyof typeof house
  | keyof typeof queues
  | keyof typeof security
  | keyof typeof settings
  | keyof typeof shell
  | keyof typeof signin
  | keyof typeof users;

/** The keys that begin with `P`. */
export type KeysUnder<P extends string> = Extract<ConsoleKey, `${P}${string}`>;

/**
 * The key for a value only known at run time (a status, a kind, a wallet the
 * server names): `prefix` must begin at least one key, so a misspelt prefix
 * fails the type check; the value itself is checked at run time, where a
 * missing key shows the `defaultValue` the caller gives.
 */
export function keyFor<P extends string>(prefix: P & ([KeysUnder<P>] extends [never] ? never : unknown), value: string | number): ConsoleKey {
  return `${prefix}${value}` as ConsoleKey;
}

/** Whether `key` is one of the console's keys in the running instance (for keys made from data). */
export function isConsoleKey(i18n: { exists: (key: string) => boolean }, key: string): key is ConsoleKey {
  return i18n.exists(key);
}
