import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onNavigation, redirectFor } from './navigation-guard';
import { RouteGuard } from './RouteGuard';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import { local, storageKeys } from '@/shared/storage/storage';
import { loadUserInfo, USER_INFO_CHANGED } from '@/shared/session/user-info';
import { tryAutoLogin } from '@/shared/session/auto-login';

const user = { userId: 42, username: 'ann', email: null, kyc: { primary: { status: 'none' } } };

beforeEach(() => resetAll());

describe('redirects', () => {
  it('lets a signed-out visitor open only the public paths', () => {
    for (const p of ['/', '/lr', '/login', '/register', '/forget', '/setpwd']) expect(redirectFor(p, false)).toBeNull();
    expect(redirectFor('/wallet', false)).toBe('/lr');
    expect(redirectFor('/message/detail', false)).toBe('/lr');
  });

  it('sends a signed-in user home from /i& and /initialize paths', () => {
    expect(redirectFor('/i&code=1', true)).toBe('/');
    expect(redirectFor('/initialize', true)).toBe('/');
    expect(redirectFor('/wallet', true)).toBeNull();
  });
});

describe('navigation while signed in', () => {
  it('refreshes user info: merges info and assets, last withdraw address wins, announces and saves it', async () => {
    useSession.getState().signIn('tok');
    mockHttp({
      'GET /api/user/getInfo': ok({ user, asset: [{ coin: 'usdt', available: '10.5', frozen: '0' }], withdrawAddress: { type: '', address: '' } }),
      'GET /api/user/withdrawAddress': ok([
        { id: 1, type: 'USDT-TRC20', address: 'Told' },
        { id: 2, type: 'USDT-ERC20', address: '0xnew' },
      ]),
    });
    const announced = vi.fn();
    window.addEventListener(USER_INFO_CHANGED, announced);
    await onNavigation(true, vi.fn());
    window.removeEventListener(USER_INFO_CHANGED, announced);
    const state = useSession.getState();
    expect(state.userInfo).toMatchObject({ userId: 42, username: 'ann', withdrawAddress: { type: 'USDT-ERC20', address: '0xnew' } });
    expect(state.assets).toEqual([{ coin: 'usdt', available: '10.5', frozen: '0' }]);
    expect(announced).toHaveBeenCalledTimes(1);
    expect(local.get(storageKeys.userInfo)).toMatchObject({ userId: 42 });
  });

  it('signs out when user info answers with another code', async () => {
    useSession.getState().signIn('tok');
    mockHttp({ 'GET /api/user/getInfo': { data: { code: 401, msg: '', data: null } } });
    expect(await loadUserInfo()).toBe(false);
    expect(useSession.getState().isSign).toBe(false);
    expect(local.get(storageKeys.token)).toBeNull();
  });

  it('signs out when user info fails with a business code', async () => {
    useSession.getState().signIn('tok');
    mockHttp({ 'GET /api/user/getInfo': fail(-3, 'Account frozen') });
    await loadUserInfo();
    expect(useSession.getState().isSign).toBe(false);
  });
});

describe('navigation while signed out: automatic login', () => {
  it('signs in with data.satoken, toasts login_success, loads user info and goes home', async () => {
    const calls = mockHttp({
      'POST /api/user/autoLogin': ok({ satoken: 'remembered' }),
      'GET /api/user/getInfo': ok({ user, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    const navigate = vi.fn();
    await tryAutoLogin(navigate);
    expect(useSession.getState()).toMatchObject({ isSign: true, token: 'remembered' });
    expect(local.get(storageKeys.token)).toBe('remembered');
    expect(useSession.getState().userInfo).toMatchObject({ userId: 42 });
    expect(toastTexts()).toContain('Signed in successfully');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(calls.find((c) => c.url === '/api/user/getInfo')?.headers.get('satoken')).toBe('remembered');
  });

  it('stays silent when there is no remembered device (code 200, empty msg, null data)', async () => {
    mockHttp({ 'POST /api/user/autoLogin': ok(null, '') });
    const navigate = vi.fn();
    await tryAutoLogin(navigate);
    expect(useSession.getState().isSign).toBe(false);
    expect(toastTexts()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the server message when there is one', async () => {
    mockHttp({ 'POST /api/user/autoLogin': fail(-5, 'Device no longer trusted') });
    await tryAutoLogin(vi.fn());
    expect(toastTexts()).toEqual(['Device no longer trusted']);
  });

  it('ignores exceptions silently', async () => {
    mockHttp({}); // connection dropped
    await expect(tryAutoLogin(vi.fn())).resolves.toBe(false);
    expect(toastTexts()).toEqual([]);
  });
});

describe('RouteGuard', () => {
  function renderAt(path: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <Routes>
            <Route path="/" element={<p>home</p>} />
            <Route path="/lr" element={<p>chooser</p>} />
            <Route path="/wallet" element={<p>wallet</p>} />
          </Routes>
        </RouteGuard>
      </MemoryRouter>,
    );
  }

  it('never mounts a guarded screen for a signed-out visitor and tries automatic login', async () => {
    const calls = mockHttp({ 'POST /api/user/autoLogin': ok(null) });
    renderAt('/wallet');
    expect(await screen.findByText('chooser')).toBeInTheDocument();
    expect(screen.queryByText('wallet')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/autoLogin')).toBe(true));
  });

  it('shows guarded screens when signed in and refreshes user info', async () => {
    useSession.getState().signIn('tok');
    const calls = mockHttp({ 'GET /api/user/getInfo': ok({ user, asset: [] }), 'GET /api/user/withdrawAddress': ok([]) });
    renderAt('/wallet');
    expect(await screen.findByText('wallet')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/getInfo')).toBe(true));
  });
});
