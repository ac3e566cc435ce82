// CSV of audit entries (RFC 4180 quoting, a BOM so spreadsheet programs read UTF-8 Chinese).
import type { components } from '@/shared/api/schema';

type AuditRow = components['schemas']['AuditRow'];

export const CSV_COLUMNS = ['id', 'time', 'actorKind', 'actorId', 'operator', 'action', 'target', 'reason', 'detail'] as const;

export function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quote it as text.
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function auditCsv(rows: AuditRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [r.id, r.createTime, r.actorKind, r.actorId ?? '', r.actorName, r.action, r.target, r.reason, r.detail].map(csvCell).join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
