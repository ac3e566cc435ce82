import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { DEFAULT_SETTINGS, useSettings } from '@/shared/settings/settings-store';
import RegisterScreen from './RegisterScreen';

function renderScreen(path = '/register') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/register" element={<RegisterScreen />} />
          <Route path="/" element={<div data-testid="home-page" />} />
          <Route path="/wallet" element={<div data-testid="wallet-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function fill(invite = 'ABC123') {
  fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'good-pass-1' } });
  fireEvent.change(screen.getByTestId('register-confirm'), { target: { value: 'good-pass-1' } });
  fireEvent.change(screen.getByTestId('register-invite'), { target: { value: invite } });
}

beforeEach(() => {
  resetAll();
  useSettings.getState().applySettings(DEFAULT_SETTINGS);
});

describe('registration: consent, terms and the invite code', () => {
  it('refuses to submit until the terms and privacy policy are accepted', async () => {
    const calls = mockHttp({
      'POST /api/user/register': ok({ satoken: 'tok-1' }),
      'GET /api/user/getInfo': ok({ user: { userId: 1, username: 'alice' }, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    renderScreen();
    fill();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-consent-error')).toHaveTextContent('Please accept the Terms of service and the Privacy policy');
    expect(calls.filter((c) => c.url === '/api/user/register')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('register-consent'));
    expect(screen.queryByTestId('register-consent-error')).toBeNull();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/user/register')).toHaveLength(1));
  });

  it('opens the terms and the privacy policy in place, from the consent sentence', async () => {
    mockHttp({
      'GET /api/option/rules/list': (config) =>
        ok([{ id: 1, key: config.params.key, title: config.params.key === 'PRIVACY' ? 'Privacy policy' : 'Terms of service', content: `<p>${config.params.key} text</p>` }]),
    });
    renderScreen();
    expect(screen.getByTestId('register-consent').closest('label')).toHaveTextContent('I have read and agree to the Terms of service and the Privacy policy.');
    fireEvent.click(screen.getByTestId('register-privacy'));
    expect(await screen.findByText('PRIVACY text')).toBeInTheDocument();
    // Reading the policy does not tick the box.
    expect(screen.getByTestId('register-consent')).not.toBeChecked();
  });

  it('requires an invite code by default and says how to get one', () => {
    mockHttp({});
    renderScreen();
    expect(screen.getByTestId('register-invite-hint')).toHaveTextContent('Ask the person who invited you for their invite code, or open their invite link');
    fill('');
    fireEvent.click(screen.getByTestId('register-consent'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('An invite code is required')).toBeInTheDocument();
  });

  it('a code from the invite link is filled in and says so; an optional code says it is optional', () => {
    mockHttp({});
    renderScreen('/register?inviteCode=FRIEND9');
    expect((screen.getByTestId('register-invite') as HTMLInputElement).value).toBe('FRIEND9');
    expect(screen.getByTestId('register-invite-hint')).toHaveTextContent('Filled in from your invite link.');
  });

  it('follows the setting when the invite code is optional', () => {
    mockHttp({});
    useSettings.getState().applySettings({ ...DEFAULT_SETTINGS, LOGIN_REGIS_SETTING: { ...DEFAULT_SETTINGS.LOGIN_REGIS_SETTING!, inviteCodeRequired: false } });
    renderScreen();
    expect(screen.getByText('Invite code (optional)')).toBeInTheDocument();
    expect(screen.getByTestId('register-invite-hint')).toHaveTextContent('Invited by someone?');
  });
});

describe("registration: the server's rules beside each field", () => {
  const RULES = ok({
    username: { minLength: 4, maxLength: 20, extraChars: '_' },
    password: { minLength: 8, maxLength: 64 },
    fundPassword: { minLength: 6, maxLength: 12 },
  });
  const states = (testId: string) => Object.fromEntries(Array.from(screen.getByTestId(testId).querySelectorAll('li')).map((li) => [li.dataset.rule, li.dataset.state]));

  it('shows the rules before typing, marks every broken one on submit and sends nothing', async () => {
    const calls = mockHttp({ 'GET /api/user/credentialRules': RULES });
    renderScreen();
    await screen.findByTestId('register-password-rules');
    expect(states('register-password-rules')).toEqual({ length: 'open', needsLetter: 'open', needsDigit: 'open' });
    expect(screen.getByTestId('register-password-rules')).toHaveTextContent('8 to 64 characters');
    expect(screen.getByTestId('register-username-rules')).toHaveTextContent('Only letters a–z, digits 0–9 and _');

    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'lina.k' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('register-confirm'), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('register-invite'), { target: { value: 'ABC123' } });
    fireEvent.click(screen.getByTestId('register-consent'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(states('register-username-rules')).toEqual({ length: 'met', startsWithLetter: 'met', allowedCharacters: 'broken' });
    expect(states('register-password-rules')).toEqual({ length: 'broken', needsLetter: 'met', needsDigit: 'broken' });
    expect(screen.getAllByText('Meet every rule below')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/user/register')).toHaveLength(0);
  });

  it('after sign-up lands on the personal centre, where the first-run checklist is', async () => {
    const calls = mockHttp({
      'GET /api/user/credentialRules': RULES,
      'POST /api/user/register': ok({ satoken: 'tok-1' }),
      'GET /api/user/getInfo': ok({ user: { userId: 1, username: 'alice' }, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    renderScreen();
    await screen.findByTestId('register-password-rules');
    fill();
    fireEvent.click(screen.getByTestId('register-consent'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('wallet-page')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/register')).toHaveLength(1);
  });
});
