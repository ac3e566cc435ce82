import { ApiError, BlockedRequestError, TOKEN_RELOAD_DELAY_MS, TokenExpiredError, api, browser, request } from './client';
import { containsChinese } from './chinese';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import { useSession } from '../session/session-store';
import { local, storageKeys } from '../storage/storage';

beforeEach(() => resetAll());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Chinese input guard', () => {
  it('finds Chinese characters nested in objects and arrays', () => {
    expect(containsChinese({ a: { b: [1, 'ok', { c: '你好' }] } })).toBe(true);
    expect(containsChinese({ a: { b: [1, 'ok', { c: 'hello' }] } })).toBe(false);
    expect(containsChinese(['x', ['y', ['中']]])).toBe(true);
  });

  it('blocks a request whose body holds Chinese and says why, without sending it', async () => {
    const calls = mockHttp({ 'POST /api/user/register': ok({ satoken: 't' }) });
    await expect(api.postJson('/api/user/register', { profile: { names: ['Ann', '王'] } })).rejects.toBeInstanceOf(BlockedRequestError);
    expect(calls).toHaveLength(0);
    expect(toastTexts()).toEqual(['Chinese characters cannot be entered']);
  });

  it('blocks Chinese in query parameters too', async () => {
    const calls = mockHttp({ 'POST /api/user/bindEmail': ok(null) });
    await expect(api.postQuery('/api/user/bindEmail', { email: '邮件@x.com' })).rejects.toBeInstanceOf(BlockedRequestError);
    expect(calls).toHaveLength(0);
  });
});

describe('request headers', () => {
  it('sends language and lang from <html lang> and satoken from the session', async () => {
    document.documentElement.setAttribute('lang', 'fr');
    useSession.getState().signIn('tok-1');
    const calls = mockHttp({ 'GET /api/user/getInfo': ok({}) });
    await api.get('/api/user/getInfo');
    const headers = calls[0].headers;
    expect(headers.get('language')).toBe('fr');
    expect(headers.get('lang')).toBe('fr');
    expect(headers.get('satoken')).toBe('tok-1');
    expect(calls[0].timeout).toBe(30_000);
  });
});

describe('response envelope', () => {
  it('resolves code 200 with the envelope', async () => {
    mockHttp({ 'GET /x': ok({ n: '1.5' }) });
    await expect(request({ url: '/x' })).resolves.toEqual({ code: 200, msg: '', data: { n: '1.5' } });
    expect(toastTexts()).toEqual([]);
  });

  it('counts any code above 0 as success', async () => {
    mockHttp({ 'GET /x': { data: { code: 201, msg: 'fine', data: 1 } } });
    await expect(request({ url: '/x' })).resolves.toMatchObject({ code: 201 });
  });

  it('rejects code 0 or below and shows the server message', async () => {
    mockHttp({ 'POST /y': fail(-1002, 'Wrong password') });
    const error = await api.postJson('/y', {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(-1002);
    expect(toastTexts()).toEqual(['Wrong password']);
  });

  it("shows 'System error' when the failure has no message", async () => {
    mockHttp({ 'POST /y': fail(0, '') });
    await expect(api.postJson('/y', {})).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual(['System error']);
  });

  it("shows 'Network anomaly' for an HTTP status other than 200", async () => {
    mockHttp({ 'GET /z': { status: 502, data: 'Bad gateway' } });
    await expect(api.get('/z')).rejects.toBeTruthy();
    expect(toastTexts()).toEqual(['Network anomaly, please try again']);
  });

  it('stays quiet for silent calls', async () => {
    mockHttp({ 'POST /y': fail(-1, 'nope') });
    await expect(api.postJson('/y', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([]);
  });
});

describe('token failure', () => {
  it('signs out and reloads the page 10 ms later on code 500 with Token in msg', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    useSession.getState().signIn('old');
    local.set(storageKeys.token, 'old');
    local.set(storageKeys.userInfo, { userId: 1 });
    mockHttp({ 'GET /api/user/getInfo': fail(500, 'Token expired') });
    await expect(api.get('/api/user/getInfo')).rejects.toBeInstanceOf(TokenExpiredError);
    expect(useSession.getState().isSign).toBe(false);
    expect(local.get(storageKeys.token)).toBeNull();
    expect(local.get(storageKeys.userInfo)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TOKEN_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats code 500 without Token as an ordinary answer', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    useSession.getState().signIn('keep');
    mockHttp({ 'GET /w': fail(500, 'Busy') });
    await expect(api.get('/w')).resolves.toMatchObject({ code: 500 });
    expect(useSession.getState().isSign).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
