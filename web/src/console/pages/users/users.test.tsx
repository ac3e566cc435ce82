import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { textToHtml } from './UserPage';

const user7 = {
  id: 7,
  username: 'alice',
  email: 'a@example.com',
  phone: null,
  status: 'active',
  frozenReason: null,
  credits: '100',
  inviteCode: 'ABC123',
  parentId: null,
  registerIp: '10.0.0.1',
  createTime: '2025-03-01T10:00:00Z',
  kyc: { primary: 'approved', advanced: 'none' },
};

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('users', () => {
  it('searches on the server with keyword and pages', async () => {
    const user = userEvent.setup();
    signedInAs('sam', 'support');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages']),
      'GET /api/admin/users': { rows: [user7], total: 45 },
    });
    renderConsole('/users');
    expect(await screen.findByText('alice')).toBeInTheDocument();
    await user.type(screen.getByTestId('user-search'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ keyword: 'a@example.com', pageNum: 1, pageSize: 20 }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ keyword: 'a@example.com', pageNum: 2 }));
  });

  it('freezes with a required reason and shows the audit entry it made', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let status = 'active';
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readUsers', 'freezeUsers', 'readAudit', 'sendMessages']),
      'GET /api/admin/users/7': () => ({ user: { ...user7, status }, withdrawAddresses: [], kycSubmissions: [] }),
      'POST /api/admin/users/7/freeze': (body: unknown) => {
        expect(body).toEqual({ reason: 'ticket 12' });
        status = 'frozen';
        return null;
      },
      'GET /api/admin/audit': {
        rows: [{ id: 41, actorKind: 'admin', actorId: 1, actorName: 'admin', action: 'user.freeze', target: 'user:7', reason: 'ticket 12', detail: {}, createTime: '2025-03-02T10:00:00Z' }],
        total: 1,
      },
    });
    renderConsole('/users/7');
    await user.click(await screen.findByTestId('freeze'));
    const submit = screen.getByTestId('reason-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('reason'), '  ticket 12 ');
    await user.click(submit);
    expect(await screen.findByTestId('freeze-made')).toHaveTextContent('Audit entry #41');
    expect(await screen.findByTestId('unfreeze')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/users/7/freeze')).toBe(true);
  });

  it('writes a message as escaped paragraphs', () => {
    expect(textToHtml('Hello <b>you</b>\nline two\n\nSecond')).toBe('<p>Hello &lt;b&gt;you&lt;/b&gt;<br>line two</p><p>Second</p>');
  });
});
