import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApiError } from '../../api';
import { CODES } from '../../codes';
import { me, mockAdminApi, renderConsole, resetConsole } from '../../layout/test-utils';
import { useOperator } from '../../session';
import { solves } from '@/shared/security/pow';

const dashboard = { today: null, queues: null, fees: null, house: null, audit: null, feeds: [] };

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('signin-username'), 'admin');
  await user.type(screen.getByTestId('signin-password'), 'admin-pass-1');
  await user.click(screen.getByTestId('signin-submit'));
}

describe('operator sign-in', () => {
  it('asks for the code when the server answers AdminTotpRequired, then signs in with it', async () => {
    const user = userEvent.setup();
    const calls = mockAdminApi({
      'POST /api/admin/login': (body: unknown) => {
        const b = body as { code?: string };
        if (!b.code) return new AdminApiError(CODES.adminTotpRequired, 'code required');
        if (b.code !== '123456') return new AdminApiError(CODES.adminTotpInvalid, 'bad code');
        return { adminToken: 'tok', role: 'owner', username: 'admin', totpEnabled: true, totpRequired: true };
      },
      'GET /api/admin/me': me('owner', ['readUsers', 'readAudit']),
      'GET /api/admin/dashboard': dashboard,
      'GET /api/admin/audit/runs': { rows: [], total: 0 },
    });
    renderConsole('/');
    await typePassword(user);

    // The password step is over: the code field, no error.
    const code = await screen.findByTestId('totp-code');
    expect(screen.queryByTestId('signin-password')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useOperator.getState().token).toBeNull();

    await user.type(code, '000000');
    await user.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/code is not right/i);
    expect(screen.getByTestId('totp-code')).toBeInTheDocument();

    await user.clear(screen.getByTestId('totp-code'));
    await user.type(screen.getByTestId('totp-code'), '123 456');
    await user.click(screen.getByTestId('signin-submit'));

    await waitFor(() => expect(useOperator.getState().token).toBe('tok'));
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    const logins = calls.filter((c) => c.url === '/api/admin/login').map((c) => c.body);
    expect(logins).toEqual([
      { username: 'admin', password: 'admin-pass-1' },
      { username: 'admin', password: 'admin-pass-1', code: '000000' },
      { username: 'admin', password: 'admin-pass-1', code: '123456' },
    ]);
  });

  it('takes a recovery code in place of the app code', async () => {
    const user = userEvent.setup();
    const calls = mockAdminApi({
      'POST /api/admin/login': (body: unknown) =>
        (body as { code?: string }).code ? { adminToken: 'tok', role: 'owner', username: 'admin', totpEnabled: true } : new AdminApiError(CODES.adminTotpRequired, ''),
      'GET /api/admin/me': me('owner', []),
      'GET /api/admin/dashboard': dashboard,
    });
    renderConsole('/');
    await typePassword(user);
    await user.click(await screen.findByText(/use a recovery code/i));
    await user.type(screen.getByTestId('totp-code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByTestId('signin-submit'));
    await waitFor(() => expect(useOperator.getState().token).toBe('tok'));
    expect(calls.filter((c) => c.url === '/api/admin/login').at(-1)?.body).toMatchObject({ code: 'abcd-efgh-jkmn-pqrs' });
  });

  it('shows a refusal in the operator language', async () => {
    const user = userEvent.setup();
    mockAdminApi({ 'POST /api/admin/login': new AdminApiError(CODES.adminLoginFailed, '运营账号或密码错误') });
    useOperator.setState({ language: 'zh' });
    renderConsole('/');
    expect(await screen.findByText('运营人员登录')).toBeInTheDocument();
    await typePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('运营账号或密码错误');
    expect(screen.getByTestId('signin-password')).toBeInTheDocument();
  });

  it('sends an owner who has not enrolled to enrolment: reason, QR, confirm, recovery codes once', async () => {
    const user = userEvent.setup();
    let enrolled = false;
    mockAdminApi({
      'POST /api/admin/login': { adminToken: 'tok', role: 'owner', username: 'admin', totpEnabled: false, totpRequired: true },
      'GET /api/admin/me': () => me('owner', ['readUsers'], { totpEnabled: enrolled, totpRequired: true }),
      'POST /api/admin/totp/enrol': (body: unknown) => {
        expect(body).toEqual({ reason: 'first sign-in, ticket 7' });
        return { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Onyx:admin?secret=JBSWY3DPEHPK3PXP&issuer=Onyx' };
      },
      'POST /api/admin/totp/confirm': (body: unknown) => {
        expect(body).toEqual({ code: '654321', reason: 'first sign-in, ticket 7' });
        enrolled = true;
        return { recoveryCodes: ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'] };
      },
      'GET /api/admin/dashboard': dashboard,
    });
    renderConsole('/');
    await typePassword(user);
    expect(await screen.findByTestId('enrol-screen')).toBeInTheDocument();
    // The reason first: it goes with the enrolment and its confirmation.
    expect(screen.getByTestId('enrol-begin')).toBeDisabled();
    await user.type(screen.getByTestId('reason'), '  first sign-in, ticket 7 ');
    await user.click(screen.getByTestId('enrol-begin'));
    expect(await screen.findByTestId('enrol-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByTestId('totp-code'), '654321');
    await user.click(screen.getByRole('button', { name: /confirm/i }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb-cccc-dddd');
    const go = screen.getByRole('button', { name: /continue/i });
    expect(go).toBeDisabled();
    await user.click(screen.getByTestId('recovery-saved'));
    await user.click(go);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
  });
  it('solves a sign-in challenge when the slowed account asks for one, showing progress, then signs in', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const issued = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockAdminApi({
      'POST /api/admin/login': (body: unknown) => {
        const b = body as { challenge?: string; nonce?: string };
        if (!b.challenge) return new AdminApiError(CODES.challengeNeeded, 'check needed');
        if (!solves({ challenge: b.challenge, difficulty: 10 }, String(b.nonce))) return new AdminApiError(CODES.challengeInvalid, 'bad check');
        return { adminToken: 'tok', role: 'support', username: 'admin', totpEnabled: false, totpRequired: false };
      },
      'POST /api/admin/loginChallenge': async (body: unknown) => {
        expect(body).toEqual({ username: 'admin' });
        await issued;
        return { challenge: 'ab'.repeat(32), difficulty: 10, expiresIn: 300 };
      },
      'GET /api/admin/me': me('support', ['readUsers']),
      'GET /api/admin/dashboard': dashboard,
      'GET /api/admin/audit/runs': { rows: [], total: 0 },
    });
    renderConsole('/');
    await typePassword(user);
    expect(await screen.findByTestId('signin-challenge-progress')).toHaveTextContent('Checking this device… 0%');
    release();
    await waitFor(() => expect(useOperator.getState().token).toBe('tok'));
    const logins = calls.filter((c) => c.url === '/api/admin/login');
    expect(logins).toHaveLength(2);
    expect(logins[1].body).toMatchObject({ username: 'admin', password: 'admin-pass-1', challenge: 'ab'.repeat(32) });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the refusal when a fresh challenge fails too', async () => {
    const user = userEvent.setup();
    const calls = mockAdminApi({
      'POST /api/admin/login': (body: unknown) =>
        (body as { challenge?: string }).challenge ? new AdminApiError(CODES.challengeInvalid, 'The sign-in check has expired') : new AdminApiError(CODES.challengeNeeded, 'check needed'),
      'POST /api/admin/loginChallenge': { challenge: 'cd'.repeat(32), difficulty: 4, expiresIn: 300 },
    });
    renderConsole('/');
    await typePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in check has expired');
    expect(calls.filter((c) => c.url === '/api/admin/loginChallenge')).toHaveLength(2);
    expect(screen.queryByTestId('signin-challenge-progress')).not.toBeInTheDocument();
  });
});
