import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AdminApiError } from '../api';
import { CALENDAR_ACTION, CALENDAR_TARGET } from '../pages/catalogue/CalendarEditor';
import { consoleI18n } from '../i18n';
import { AuditMade, auditHref, auditWrite, filterableTarget, findAuditEntry, type AuditWrite } from './AuditMade';
import { makeQueryClient } from './query';
import { me, mockAdminApi, resetConsole, signedInAs } from './test-utils';

const entry = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  actorKind: 'admin',
  actorId: 1,
  actorName: 'op',
  action: 'deposit.confirm',
  target: 'deposit:7',
  reason: 'seen on chain',
  detail: {},
  createTime: '2025-03-02T10:00:00Z',
  ...extra,
});

function show(write: AuditWrite) {
  const client = makeQueryClient();
  return render(
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AuditMade write={write} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  vi.restoreAllMocks();
  resetConsole();
  signedInAs('op', 'owner');
});

describe('the audit entry a write made', () => {
  it('is found with one call filtered by action, target and operator, and links to the log filtered the same way', async () => {
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': { rows: [entry(41)], total: 1 },
    });
    show(auditWrite('deposit.confirm', 'deposit:7', ' seen on chain '));
    const made = await screen.findByTestId('audit-made');
    expect(await within(made).findByText(/Audit entry #41 at 2025-03-02/)).toBeInTheDocument();
    expect(made).toHaveAttribute('data-state', 'found');
    expect(within(made).getByRole('link', { name: 'open in the audit log' })).toHaveAttribute('href', '/audit?action=deposit.confirm&target=deposit%3A7');
    const audit = calls.filter((c) => c.url === '/api/admin/audit');
    expect(audit).toHaveLength(1);
    expect(audit[0].params).toEqual({ action: 'deposit.confirm', target: 'deposit:7', operator: 'op', pageNum: 1, pageSize: 5 });
  });

  it('says when the entry is not found yet, and finds it on retry', async () => {
    let rows: unknown[] = [];
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': () => ({ rows, total: rows.length }),
    });
    const user = userEvent.setup();
    show(auditWrite('deposit.confirm', 'deposit:7', 'seen on chain'));
    const made = await screen.findByTestId('audit-made');
    expect(await within(made).findByText(/the entry was not found yet/)).toBeInTheDocument();
    expect(made).toHaveAttribute('data-state', 'missing');
    rows = [entry(42)];
    await user.click(within(made).getByTestId('audit-made-retry'));
    expect(await within(made).findByText(/Audit entry #42/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/audit')).toHaveLength(2);
  });

  it('takes no entry of another reason or operator for the write', async () => {
    mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': { rows: [entry(43, { reason: 'another' }), entry(44, { actorName: 'someone' })], total: 2 },
    });
    show(auditWrite('deposit.confirm', 'deposit:7', 'seen on chain'));
    expect(await screen.findByText(/the entry was not found yet/)).toBeInTheDocument();
  });

  it('is hidden, without a call, from a role that cannot read the audit log', async () => {
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages']),
      'GET /api/admin/audit': new AdminApiError(-9, 'forbidden'),
    });
    show(auditWrite('message.send', 'user:7', 'asked by phone'));
    const made = await screen.findByTestId('audit-made');
    expect(await within(made).findByText('Recorded in the audit log (your role cannot read it).')).toBeInTheDocument();
    expect(made).toHaveAttribute('data-state', 'hidden');
    expect(calls.some((c) => c.url === '/api/admin/audit')).toBe(false);
  });

  it('is hidden when the server refuses the read', async () => {
    mockAdminApi({
      'GET /api/admin/me': new AdminApiError(-1, 'busy'),
      'GET /api/admin/audit': new AdminApiError(-9, 'forbidden'),
    });
    show(auditWrite('message.send', 'user:7', 'asked by phone'));
    expect(await screen.findByText('Recorded in the audit log (your role cannot read it).')).toBeInTheDocument();
  });

  it('offers a retry when the read fails', async () => {
    mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': new AdminApiError(-1, 'database busy'),
    });
    show(auditWrite('deposit.confirm', 'deposit:7', 'seen on chain'));
    const made = await screen.findByTestId('audit-made');
    expect(await within(made).findByText(/could not be read \(database busy\)/)).toBeInTheDocument();
    expect(within(made).getByTestId('audit-made-retry')).toBeEnabled();
  });
});

describe('finding the entry', () => {
  it('matches a target the filter does not take (an old entry’s welfare_calendar) among the action’s newest entries', async () => {
    const get = vi.fn(async () => ({ rows: [entry(5, { action: 'welfare.calendar_update', target: 'welfare_calendar', reason: 'new week' })], total: 1 }));
    const found = await findAuditEntry({ action: 'welfare.calendar_update', target: 'welfare_calendar', reason: 'new week' }, 'op', get as never);
    expect(found?.id).toBe(5);
    expect(get).toHaveBeenCalledWith('/api/admin/audit', { action: 'welfare.calendar_update', operator: 'op', pageNum: 1, pageSize: 5 });
    expect(auditHref({ action: 'welfare.calendar_update', target: 'welfare_calendar' })).toBe('/audit?action=welfare.calendar_update');
  });

  it('asks the log for the sign-in calendar’s entries by their kind:id target', async () => {
    const get = vi.fn(async () => ({ rows: [entry(6, { action: CALENDAR_ACTION, target: CALENDAR_TARGET, reason: 'new week' })], total: 1 }));
    expect(CALENDAR_TARGET).toBe('welfare_calendar:sign_in');
    const found = await findAuditEntry({ action: CALENDAR_ACTION, target: CALENDAR_TARGET, reason: 'new week' }, 'op', get as never);
    expect(found?.id).toBe(6);
    expect(get).toHaveBeenCalledWith('/api/admin/audit', { action: CALENDAR_ACTION, target: CALENDAR_TARGET, operator: 'op', pageNum: 1, pageSize: 5 });
    expect(auditHref({ action: CALENDAR_ACTION, target: CALENDAR_TARGET })).toBe('/audit?action=welfare.calendar_update&target=welfare_calendar%3Asign_in');
  });

  it('takes the newest entry of the action and target when the server words the reason', async () => {
    const get = vi.fn(async () => ({ rows: [entry(9, { action: 'operator.session_revoke', target: 'admin_session:3', reason: 'session signed out by the operator' })], total: 1 }));
    expect((await findAuditEntry({ action: 'operator.session_revoke', target: 'admin_session:3' }, 'op', get as never))?.id).toBe(9);
  });

  it('knows the targets the filter takes, as the server checks them', () => {
    expect(filterableTarget('deposit:7')).toBe(true);
    expect(filterableTarget('contract_countries:second_contracts')).toBe(true);
    expect(filterableTarget('welfare_calendar')).toBe(false);
    expect(filterableTarget(CALENDAR_TARGET)).toBe(true);
    expect(filterableTarget('Deposit:7')).toBe(false);
    expect(filterableTarget('deposit:')).toBe(false);
  });

  it('tells two writes of the same action, target and reason apart', () => {
    expect(auditWrite('user.freeze', 'user:7', 'x').seq).not.toBe(auditWrite('user.freeze', 'user:7', 'x').seq);
  });
});
