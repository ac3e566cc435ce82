import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AdminApiError } from '../../api';
import { consoleI18n } from '../../i18n';
import { useOperator } from '../../session';
import served from '../../../../../crates/kernel/src/settings/schema.json';
import { SETTING_DEFAULTS, type SettingsSchema } from './schema';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api')>()), adminApi: api }));

import { SettingsPage } from './SettingsPage';

const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function renderPage(path = '/settings?key=WITHDRAWAL_SETTING') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <SettingsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const input = (path: string) => screen.getByTestId(`f:${path}`) as HTMLInputElement;

beforeEach(() => {
  void consoleI18n.changeLanguage('en');
  useOperator.setState({ token: 't', username: 'admin', role: 'owner', language: 'en' });
  api.get.mockReset();
  api.put.mockReset();
  const stored = clone(SETTING_DEFAULTS);
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/admin/settings') return stored;
    if (url === '/api/admin/settings/schema') return served;
    if (url === '/api/admin/me') return { id: 1, username: 'admin', role: 'owner', totpEnabled: true, totpRequired: false, permissions: ['editSettings', 'readAudit'] };
    if (url === '/api/admin/audit') {
      return {
        total: 1,
        rows: [
          {
            id: 41,
            actorKind: 'operator',
            actorId: 1,
            actorName: 'admin',
            action: 'setting.update',
            target: 'setting:WITHDRAWAL_SETTING',
            reason: 'raise the minimum',
            detail: { old: SETTING_DEFAULTS.WITHDRAWAL_SETTING, new: { ...(SETTING_DEFAULTS.WITHDRAWAL_SETTING as object), withdrawalMix: '25' } },
            createTime: '2025-01-15T10:00:00Z',
          },
        ],
      };
    }
    throw new Error(`unexpected GET ${url}`);
  });
});

describe('the settings page', () => {
  it('edits the withdrawal minimum, shows the diff, asks a reason, saves and shows the audit entry', async () => {
    api.put.mockResolvedValue({});
    renderPage();
    await screen.findByTestId('setting-form');
    expect(screen.getByTestId('review')).toBeDisabled();
    fireEvent.change(input('WITHDRAWAL_SETTING.withdrawalMix'), { target: { value: '25' } });
    const review = screen.getByTestId('review');
    expect(review).toHaveTextContent('Review 1 change');
    fireEvent.click(review);
    const dialog = await screen.findByRole('dialog');
    const diff = within(dialog).getByTestId('diff');
    const rows = diff.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-path', 'WITHDRAWAL_SETTING.withdrawalMix');
    expect(rows[0]).toHaveTextContent('Withdrawal minimum');
    expect(rows[0]).toHaveTextContent(/20.*→.*25/);
    const save = within(dialog).getByTestId('save');
    expect(save).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'raise the minimum' } });
    fireEvent.click(save);
    await screen.findByTestId('saved');
    expect(api.put).toHaveBeenCalledWith('/api/admin/settings/WITHDRAWAL_SETTING', {
      value: { ...(SETTING_DEFAULTS.WITHDRAWAL_SETTING as object), withdrawalMix: '25' },
      reason: 'raise the minimum',
    });
    // The shared audit note: one call for the newest entry of this key by this operator.
    expect(await within(screen.getByTestId('saved-audit')).findByTestId('audit-made-link')).toHaveAttribute('href', '/audit?action=setting.update&target=setting%3AWITHDRAWAL_SETTING');
    expect(api.get).toHaveBeenCalledWith('/api/admin/audit', { action: 'setting.update', target: 'setting:WITHDRAWAL_SETTING', operator: 'admin', pageNum: 1, pageSize: 5 });
    expect(screen.getByTestId('saved-audit')).toHaveTextContent('Audit entry #41 at');
    expect(screen.getByTestId('audit-41')).toHaveTextContent('raise the minimum');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a bad value inline and keeps the save closed', async () => {
    renderPage();
    await screen.findByTestId('setting-form');
    fireEvent.change(input('WITHDRAWAL_SETTING.withdrawalMix'), { target: { value: '-1' } });
    fireEvent.change(input('WITHDRAWAL_SETTING.dayWithdrawalNum'), { target: { value: 'ten' } });
    const field = input('WITHDRAWAL_SETTING.withdrawalMix').closest('[data-invalid]') as HTMLElement;
    expect(within(field).getByRole('alert')).toHaveTextContent('Enter a non-negative decimal number');
    const count = input('WITHDRAWAL_SETTING.dayWithdrawalNum').closest('[data-invalid]') as HTMLElement;
    expect(within(count).getByRole('alert')).toHaveTextContent('Enter a whole number of 0 or more');
    expect(screen.getByTestId('problems')).toHaveTextContent('2 problems');
    expect(screen.getByTestId('review')).toBeDisabled();
    expect(screen.getByTestId('review')).toHaveTextContent('Fix 2 problems');
  });

  it('maps the server refusal to the field it names', async () => {
    api.put.mockRejectedValue(
      new AdminApiError(-3104, 'WITHDRAWAL_SETTING.coinTax must name a listed coin'),
    );
    renderPage();
    await screen.findByTestId('setting-form');
    fireEvent.change(input('WITHDRAWAL_SETTING.coinTax'), { target: { value: 'usdc' } });
    fireEvent.click(screen.getByTestId('review'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'switch tax coin' } });
    fireEvent.click(within(dialog).getByTestId('save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const field = input('WITHDRAWAL_SETTING.coinTax').closest('[data-invalid]') as HTMLElement;
    expect(within(field).getByRole('alert')).toHaveTextContent('Server: WITHDRAWAL_SETTING.coinTax must name a listed coin');
    expect(screen.getByTestId('server-error')).toBeInTheDocument();
  });

  it('reorders and switches menu items, and the diff lists the moves', async () => {
    renderPage('/settings?key=PC_SIDEBAR_SETTING');
    await screen.findByTestId('setting-form');
    const second = screen.getByTestId('item:PC_SIDEBAR_SETTING[1]');
    fireEvent.click(within(second).getByRole('button', { name: 'Move up' }));
    fireEvent.click(screen.getByTestId('on:PC_SIDEBAR_SETTING[2]'));
    fireEvent.click(screen.getByTestId('review'));
    const dialog = await screen.findByRole('dialog');
    const paths = [...within(dialog).getByTestId('diff').querySelectorAll('tbody tr')].map((r) => `${r.getAttribute('data-kind')} ${r.getAttribute('data-path')}`);
    expect(paths).toEqual([
      'moved PC_SIDEBAR_SETTING[0]',
      'changed PC_SIDEBAR_SETTING[0].sort',
      'moved PC_SIDEBAR_SETTING[1]',
      'changed PC_SIDEBAR_SETTING[1].sort',
      'changed PC_SIDEBAR_SETTING[2].isOpen',
    ]);
  });

  it("renders exactly the fields of the server's schema", async () => {
    const doc = served as unknown as SettingsSchema;
    const flat = doc.keys.filter((k) => {
      const s = doc.settings[k];
      return s.type === 'object' && Object.values(s.properties).every((f) => f.type !== 'object' && f.type !== 'array');
    });
    expect(flat).toContain('FINANCIAL_REBATE_SETTING');
    for (const key of flat) {
      const view = renderPage(`/settings?key=${key}`);
      const form = await screen.findByTestId('setting-form');
      const rendered = [...form.querySelectorAll('[data-testid^="f:"]')].map((el) => el.getAttribute('data-testid')).sort();
      const s = doc.settings[key];
      const expected = s.type === 'object' ? Object.keys(s.properties).map((f) => `f:${key}.${f}`).sort() : [];
      expect(rendered, key).toEqual(expected);
      view.unmount();
    }
  });

  it('refuses a rebate ratio of 150 % and ratios of 100/100/100 before the save', async () => {
    renderPage('/settings?key=FINANCIAL_REBATE_SETTING');
    await screen.findByTestId('setting-form');
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.oneRatio'), { target: { value: '150' } });
    const one = input('FINANCIAL_REBATE_SETTING.oneRatio').closest('[data-invalid]') as HTMLElement;
    expect(within(one).getByRole('alert')).toHaveTextContent('At most 100');
    expect(screen.getByTestId('review')).toBeDisabled();
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.oneRatio'), { target: { value: '100' } });
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.twoRatio'), { target: { value: '100' } });
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.threeRatio'), { target: { value: '100' } });
    expect(screen.getByTestId('problems')).toHaveTextContent('1 problem');
    expect(screen.getByTestId('review')).toBeDisabled();
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.twoRatio'), { target: { value: '0' } });
    fireEvent.change(input('FINANCIAL_REBATE_SETTING.threeRatio'), { target: { value: '0' } });
    expect(screen.getByTestId('review')).toBeEnabled();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('shows the texts in Chinese', async () => {
    await consoleI18n.changeLanguage('zh');
    renderPage();
    await screen.findByTestId('setting-form');
    expect(screen.getAllByText('提现').length).toBeGreaterThan(0);
    expect(screen.getByText('单笔最低提现')).toBeInTheDocument();
  });
});
