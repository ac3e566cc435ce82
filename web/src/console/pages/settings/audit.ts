// A setting's history from the audit log. GET /api/admin/audit filters by
// exact action only (crates/account/src/routes/admin/audit.rs: pageNum,
// pageSize up to 100, action), newest first; a save records
// `setting.update` on target `setting:<KEY>` with detail {old, new}. So the
// history of one key is the `setting.update` pages filtered by target here.
import { adminApi, type AdminPage } from '../../api';
import type { Json } from './schema';

export const SETTING_ACTION = 'setting.update';
export const AUDIT_PAGE_SIZE = 100;

export interface AuditRow {
  id: number;
  actorKind: string;
  actorId?: number | null;
  actorName: string;
  action: string;
  target: string;
  reason: string;
  detail: Json;
  createTime: string;
}

export interface KeyHistory {
  rows: AuditRow[];
  /** How many `setting.update` entries were read to find them. */
  scanned: number;
  /** How many `setting.update` entries the log has. */
  total: number;
}

export const settingTarget = (key: string) => `setting:${key}`;

export function auditPage(action: string, pageNum: number, pageSize = AUDIT_PAGE_SIZE): Promise<AdminPage<AuditRow>> {
  return adminApi.get<AdminPage<AuditRow>>('/api/admin/audit', { action, pageNum, pageSize });
}

/** The changes of `key`, newest first, from the latest `pages` pages of settings changes. */
export async function keyHistory(key: string, pages: number, fetchPage = auditPage): Promise<KeyHistory> {
  const target = settingTarget(key);
  const rows: AuditRow[] = [];
  let scanned = 0;
  let total = 0;
  for (let page = 1; page <= pages; page++) {
    const p = await fetchPage(SETTING_ACTION, page, AUDIT_PAGE_SIZE);
    total = p.total;
    scanned += p.rows.length;
    rows.push(...p.rows.filter((r) => r.target === target));
    if (p.rows.length < AUDIT_PAGE_SIZE || scanned >= total) break;
  }
  return { rows, scanned, total };
}

/** The entry a save just made: the newest change of `key` by `actor` with `reason`. */
export async function findSavedEntry(key: string, reason: string, actor: string | null, fetchPage = auditPage): Promise<AuditRow | null> {
  const p = await fetchPage(SETTING_ACTION, 1, 20);
  const target = settingTarget(key);
  return p.rows.find((r) => r.target === target && r.reason === reason && (!actor || r.actorName === actor)) ?? null;
}

/** The old and new values an entry recorded. */
export function entryValues(row: AuditRow): { old: Json | undefined; new: Json | undefined } {
  const d = row.detail;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return { old: undefined, new: undefined };
  return { old: d.old ?? undefined, new: d.new ?? undefined };
}
