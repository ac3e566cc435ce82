// A setting's history from the audit log. A save records `setting.update` on
// target `setting:<KEY>` with detail {old, new}; GET /api/admin/audit filters
// by exact action and exact target (also operator and time;
// crates/account/src/routes/admin/audit.rs, pageSize up to 100), newest
// first. So the history of one key is the `setting.update` entries of its
// target, paged on the server. The entry a save made is found by the shared
// layout/AuditMade.
import { adminApi, type AdminPage } from '../../api';
import type { components } from '@/shared/api/schema';
import type { Json } from './schema';

export const SETTING_ACTION = 'setting.update';
export const AUDIT_PAGE_SIZE = 100;

/** An entry of the log (the generated schema's AuditRow). */
export type AuditRow = components['schemas']['AuditRow'];

/** A key's changes: the rows read, and how many changes of the key the log has. */
export type KeyHistory = AdminPage<AuditRow>;

export const settingTarget = (key: string) => `setting:${key}`;

/** One page of the log's entries of `action` (and of `target`, when given), newest first. */
export function auditPage(action: string, pageNum: number, pageSize = AUDIT_PAGE_SIZE, target?: string): Promise<AdminPage<AuditRow>> {
  return adminApi.get<AdminPage<AuditRow>>('/api/admin/audit', target ? { action, target, pageNum, pageSize } : { action, pageNum, pageSize });
}

/** The changes of `key`, newest first: its latest `pages` pages of changes. */
export async function keyHistory(key: string, pages: number, fetchPage = auditPage): Promise<KeyHistory> {
  const target = settingTarget(key);
  const rows: AuditRow[] = [];
  let total = 0;
  for (let page = 1; page <= pages; page++) {
    const p = await fetchPage(SETTING_ACTION, page, AUDIT_PAGE_SIZE, target);
    total = p.total;
    rows.push(...p.rows);
    if (p.rows.length < AUDIT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows, total };
}

/** The old and new values an entry recorded. */
export function entryValues(row: AuditRow): { old: Json | undefined; new: Json | undefined } {
  // The schema says only "an object"; a setting's entry holds {old, new}.
  const d: unknown = row.detail;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return { old: undefined, new: undefined };
  const o = d as { old?: Json; new?: Json };
  return { old: o.old ?? undefined, new: o.new ?? undefined };
}
