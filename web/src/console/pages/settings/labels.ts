// Names of keys and fields as the operator reads them: a translation when
// the locale files have one (per key first, then per field name), else the
// field's own name made readable.
import type { i18n as I18n } from 'i18next';
import { isConsoleKey } from '../../keys';
import type { CT as T } from '../../layout/useCt';
import { issueKey, type Issue } from './schema';

/** `withdrawalMix` → `Withdrawal mix`; `t_app_language` → `T app language`. */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function keyTitle(t: T, i18n: Pick<I18n, 'exists'>, key: string): string {
  const k = `settings.key.${key}`;
  return isConsoleKey(i18n, k) ? t(k) : humanize(key);
}

export function keyHint(t: T, i18n: Pick<I18n, 'exists'>, key: string): string | null {
  const k = `settings.keyHint.${key}`;
  return isConsoleKey(i18n, k) ? t(k) : null;
}

export function fieldLabel(t: T, i18n: Pick<I18n, 'exists'>, key: string, field: string): string {
  const own = `settings.f.${key}.${field}`;
  if (isConsoleKey(i18n, own)) return t(own);
  const generic = `settings.f.${field}`;
  if (isConsoleKey(i18n, generic)) return t(generic);
  const vip = /^vip(\d+)(Start|End)$/.exec(field);
  if (vip) return t(vip[2] === 'Start' ? 'settings.f.vipStart' : 'settings.f.vipEnd', { n: vip[1] });
  return humanize(field);
}

/** An issue's message in the operator's language. */
export function issueText(t: T, issue: Pick<Issue, 'code' | 'params'>): string {
  return t(issueKey(issue), issue.params ?? {});
}
