import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { auditCsv, csvCell } from './csv';
import { auditDiff } from './diff';
import { auditQuery, KNOWN_ACTIONS, type AuditRow } from './AuditPage';
import { actionName } from './action-name';
import { consoleI18n } from '../../i18n';
import type { CT } from '../../layout/useCt';

const row = (over: Partial<Omit<AuditRow, 'detail'>> & { detail?: unknown }): AuditRow => ({
  id: 1,
  actorKind: 'admin',
  actorId: 1,
  actorName: 'admin',
  action: 'user.freeze',
  target: 'user:7',
  reason: 'ticket 12',
  createTime: '2025-03-01T10:00:00Z',
  ...over,
  detail: (over.detail ?? {}) as AuditRow['detail'],
});

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('audit detail as before and after', () => {
  it('reads {old,new} at the top as a diff, other keys as context', () => {
    const lines = auditDiff({ old: { a: 1, b: { c: 'x' }, gone: true }, new: { a: 2, b: { c: 'x' }, added: 'y' }, key: 'K' });
    expect(lines).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'b.c', kind: 'same', before: 'x', after: 'x' },
      { path: 'gone', kind: 'removed', before: true },
      { path: 'added', kind: 'added', after: 'y' },
      { path: 'key', kind: 'context', after: 'K' },
    ]);
  });

  it('reads nested {old,new} pairs (a freeze) and a creation with no old', () => {
    expect(auditDiff({ status: { old: 'active', new: 'frozen' }, sessionsRevoked: 2 })).toEqual([
      { path: 'status', kind: 'changed', before: 'active', after: 'frozen' },
      { path: 'sessionsRevoked', kind: 'context', after: 2 },
    ]);
    expect(auditDiff({ new: { min: '10' } })).toEqual([{ path: 'min', kind: 'added', after: '10' }]);
  });

  it('writes CSV with quoting, no formulas and a BOM', () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    const csv = auditCsv([row({ reason: '冻结, 工单 12', detail: { status: { old: 'active', new: 'frozen' } } })]);
    expect(csv.startsWith('\uFEFFid,time,actorKind')).toBe(true);
    expect(csv).toContain('"冻结, 工单 12"');
    expect(csv).toContain('"{""status"":{""old"":""active"",""new"":""frozen""}}"');
  });

  it('asks the server for every filter, times as Unix ms with "to" inclusive of its minute', () => {
    const none = { action: '', operator: '', target: '', from: '', to: '' };
    expect(auditQuery(none)).toEqual({});
    expect(auditQuery({ ...none, operator: ' admin ', target: 'user:7', action: ' ' })).toEqual({ operator: 'admin', target: 'user:7' });
    const from = new Date('2025-03-01T10:00').getTime();
    expect(auditQuery({ ...none, from: '2025-03-01T10:00', to: '2025-03-01T10:00' })).toEqual({ start: from, end: from + 59_999 });
    expect(auditQuery({ ...none, from: 'not a time' })).toEqual({});
  });
});

describe('the audit log page', () => {
  it('names each action for people, in the operator language, and shows an unknown code as it is', async () => {
    signedInAs('admin', 'owner');
    mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': { rows: [row({ id: 3, action: 'kyc.approve' }), row({ id: 2, action: 'withdrawal.approve' }), row({ id: 1, action: 'robot.dance' })], total: 3 },
    });
    renderConsole('/audit');
    await screen.findByTestId('audit-table');
    const shown = screen.getAllByTestId('audit-action');
    expect(shown.map((a) => a.textContent)).toEqual(['KYC approved', 'Withdrawal approved', 'robot.dance']);
    expect(shown[0]).toHaveAttribute('data-code', 'kyc.approve');
    expect(shown[0]).toHaveAttribute('title', 'Code: kyc.approve');
  });

  it('has an English and a Chinese name for every action the server records', async () => {
    const t = consoleI18n.t.bind(consoleI18n) as unknown as CT;
    for (const a of KNOWN_ACTIONS) expect(actionName(a, t), a).not.toBe(a);
    await consoleI18n.changeLanguage('zh');
    try {
      expect(actionName('kyc.approve', t)).toBe('身份认证通过');
      for (const a of KNOWN_ACTIONS) expect(consoleI18n.exists(`audit.action.${a}`, { lng: 'zh', fallbackLng: false }), a).toBe(true);
    } finally {
      await consoleI18n.changeLanguage('en');
    }
  });

  it('filters by action on the server and opens an entry to its diff', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': (_: unknown, params: unknown) => {
        const p = params as { action?: string };
        const rows = [row({ id: 9, detail: { status: { old: 'active', new: 'frozen' } } }), row({ id: 8, action: 'setting.update', target: 'setting:X' })];
        const picked = p.action ? rows.filter((r) => r.action === p.action) : rows;
        return { rows: picked, total: picked.length };
      },
    });
    renderConsole('/audit');
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByTestId('filter-action'), 'user.freeze');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(screen.getByTestId('audit-table')).queryByText('Setting changed')).toBeNull());
    expect(calls.filter((c) => c.url === '/api/admin/audit').at(-1)?.params).toMatchObject({ action: 'user.freeze', pageNum: 1, pageSize: 50 });
    await user.click(screen.getByText('ticket 12'));
    const diff = await screen.findByTestId('audit-diff');
    expect(diff).toHaveTextContent('status');
    expect(diff).toHaveTextContent('active');
    expect(diff).toHaveTextContent('frozen');
  });

  it('sends operator, target and time to the server, and exports with the same filters', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': (_: unknown, params: unknown) => {
        const p = params as { target?: string; operator?: string };
        const rows = [row({ id: 9 }), row({ id: 8, actorName: 'bob', target: 'user:8' })];
        const picked = rows.filter((r) => (!p.target || r.target === p.target) && (!p.operator || r.actorName === p.operator));
        return { rows: picked, total: picked.length };
      },
    });
    // jsdom has no object URLs: the download is a blob handed to one.
    const download = vi.fn(() => 'blob:x');
    Object.defineProperty(URL, 'createObjectURL', { value: download, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderConsole('/audit?target=user:8');
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('filter-target')).toHaveValue('user:8');
    await user.type(screen.getByTestId('filter-operator'), 'bob');
    await user.type(screen.getByTestId('filter-from'), '2025-03-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const from = new Date('2025-03-01T10:00').getTime();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/admin/audit').at(-1)?.params).toEqual({ target: 'user:8', operator: 'bob', start: from, pageNum: 1, pageSize: 50 }),
    );
    await user.click(screen.getByTestId('audit-export'));
    await screen.findByText('1 entries exported.');
    expect(calls.filter((c) => c.url === '/api/admin/audit').at(-1)?.params).toEqual({ target: 'user:8', operator: 'bob', start: from, pageNum: 1, pageSize: 100 });
    expect(download).toHaveBeenCalled();
  });
});
