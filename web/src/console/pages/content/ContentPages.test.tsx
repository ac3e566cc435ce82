import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApiError } from '../../api';
import { consoleI18n } from '../../i18n';
import { answerGets, api, renderPage } from '../queues/test-utils';
import type { ContentRow } from '../queues/common/types';
import ContentEditPage from './ContentEditPage';
import ContentPage from './ContentPage';
import OutboxPage from './OutboxPage';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const T = '2025-01-15T10:00:00Z';
const item = (id: number, kind: string, key: string, translations: { lang: string; title: string; content?: string }[], extra: Partial<ContentRow> = {}): ContentRow => ({
  id,
  kind,
  key,
  sort: 0,
  published: true,
  createTime: T,
  updateTime: T,
  translations: translations.map((x) => ({ content: '', ...x })),
  ...extra,
});

let items: ContentRow[];

beforeEach(async () => {
  vi.clearAllMocks();
  await consoleI18n.changeLanguage('en');
  items = [
    item(1, 'notice', 'ROLL_NOTICE', [{ lang: 'en', title: 'Maintenance tonight' }, { lang: 'zh', title: '今晚维护' }], { modelKey: 'HOME' }),
    item(2, 'rule', 'TERMS', [{ lang: 'en', title: 'Terms of use', content: '<p>Be nice.</p>' }]),
    item(3, 'help_category', 'deposits', [{ lang: 'en', title: 'Deposits' }]),
    item(4, 'help_article', 'how-to-deposit', [{ lang: 'en', title: 'How to deposit' }], { parentId: 3 }),
  ];
  // As the server answers: by kind, language and keyword, a page at a time.
  answerGets([
    [
      '/api/admin/content',
      (p) => {
        const keyword = String(p?.keyword ?? '').toLowerCase();
        const picked = items
          .filter((r) => !p?.kind || r.kind === p.kind)
          .filter((r) => !p?.lang || r.translations.some((x) => x.lang === p.lang))
          .filter((r) => !keyword || r.key.toLowerCase().includes(keyword) || r.translations.some((x) => x.title.toLowerCase().includes(keyword)));
        const size = Number(p?.pageSize ?? 10);
        const from = (Number(p?.pageNum ?? 1) - 1) * size;
        return { rows: picked.slice(from, from + size), total: picked.length };
      },
    ],
    [/^\/api\/admin\/content\/\d+$/, (_, url) => items.find((r) => `/api/admin/content/${r.id}` === url) ?? new AdminApiError(-6, 'Not found')],
  ]);
});

const routes = {
  path: '/content',
  extra: [
    { path: '/content/new', element: <ContentEditPage /> },
    { path: '/content/item/:id', element: <ContentEditPage /> },
  ],
};

describe('content list', () => {
  it('lists every item with its languages, and filters by kind, language and keyword on the server', async () => {
    const user = userEvent.setup();
    renderPage(<ContentPage />, { route: '/content', ...routes });
    const table = await screen.findByTestId('content-table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(screen.getByTestId('content-row-1')).getByText('Maintenance tonight')).toBeInTheDocument();
    expect(within(screen.getByTestId('content-row-4')).getByText('in Deposits')).toBeInTheDocument();

    await user.selectOptions(screen.getByTestId('filter-lang'), 'zh');
    await waitFor(() => expect(within(screen.getByTestId('content-table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('今晚维护')).toBeInTheDocument();
    expect(api().get).toHaveBeenLastCalledWith('/api/admin/content', { kind: undefined, lang: 'zh', keyword: undefined, pageNum: 1, pageSize: 20 });
    await user.selectOptions(screen.getByTestId('filter-lang'), '');

    await user.type(screen.getByRole('searchbox'), 'deposit');
    await waitFor(() => expect(within(screen.getByTestId('content-table')).getAllByRole('row')).toHaveLength(3));
    expect(api().get).toHaveBeenCalledWith('/api/admin/content', expect.objectContaining({ keyword: 'deposit', pageNum: 1 }));
    // One request when typing pauses, not one per letter.
    expect(api().get.mock.calls.filter(([, p]) => (p as { keyword?: string } | undefined)?.keyword?.startsWith('dep')).length).toBe(1);
    await user.clear(screen.getByRole('searchbox'));

    await user.click(screen.getByRole('tab', { name: 'Rules pages' }));
    await waitFor(() => expect(api().get).toHaveBeenCalledWith('/api/admin/content', expect.objectContaining({ kind: 'rule', pageNum: 1, pageSize: 20 })));
  });

  it('pages on the server', async () => {
    const user = userEvent.setup();
    items = Array.from({ length: 45 }, (_, i) => item(i + 10, 'rule', `RULE_${i + 10}`, [{ lang: 'en', title: `Rule ${i + 10}` }]));
    renderPage(<ContentPage />, { route: '/content', ...routes });
    expect(await screen.findByTestId('content-row-10')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByTestId('content-row-30')).toBeInTheDocument();
    expect(api().get).toHaveBeenCalledWith('/api/admin/content', expect.objectContaining({ pageNum: 2, pageSize: 20 }));
  });

  it('deletes only after confirming with a reason, and shows the server refusal', async () => {
    const user = userEvent.setup();
    api().delete.mockRejectedValueOnce(new AdminApiError(-2005, 'The category still has articles'));
    renderPage(<ContentPage />, { route: '/content', ...routes });
    await user.click(await screen.findByTestId('content-delete-3'));
    const dialog = screen.getByTestId('delete-dialog');
    await user.click(within(dialog).getByTestId('delete-confirm'));
    expect(within(dialog).getByText(/Give a reason/)).toBeInTheDocument();
    expect(api().delete).not.toHaveBeenCalled();

    await user.type(within(dialog).getByTestId('reason'), 'Merged into FAQ');
    await user.click(within(dialog).getByTestId('delete-confirm'));
    expect(api().delete).toHaveBeenCalledWith('/api/admin/content/3', { reason: 'Merged into FAQ' });
    expect(await within(dialog).findByTestId('answer-error')).toHaveTextContent('The category still has articles');

    api().delete.mockResolvedValueOnce(null);
    await user.click(within(dialog).getByTestId('delete-confirm'));
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent('#3 “Deposits” deleted.');
    expect(screen.queryByTestId('delete-dialog')).not.toBeInTheDocument();
  });
});

describe('content editor', () => {
  it('previews the body cleaned as the server will clean it', async () => {
    const user = userEvent.setup();
    renderPage(<ContentPage />, { route: '/content/item/2', ...routes });
    const preview = await screen.findByTestId('preview');
    expect(within(preview).getByText('Terms of use', { selector: 'h2' })).toBeInTheDocument();
    await user.clear(screen.getByTestId('field-body'));
    await user.click(screen.getByTestId('field-body'));
    await user.paste('<p>Hello <b>world</b></p><img src=x onerror=alert(1)><script>alert(2)</script>');
    const html = within(preview).getByTestId('preview-html');
    expect(html.innerHTML).toBe('<p>Hello <b>world</b></p>');
  });

  it('opens one item from the server, and says so when there is none', async () => {
    renderPage(<ContentPage />, { route: '/content/item/99', ...routes });
    expect(await screen.findByText('There is no item #99.')).toBeInTheDocument();
    expect(api().get).toHaveBeenCalledWith('/api/admin/content/99');
  });

  it('needs a reason to save, then sends every given language and shows the answer', async () => {
    const user = userEvent.setup();
    api().put.mockImplementation(async (_url: string, body: unknown) => ({ ...items[1], ...(body as object), updateTime: '2025-01-16T10:00:00Z' }));
    renderPage(<ContentPage />, { route: '/content/item/2', ...routes });
    await screen.findByTestId('preview');
    await user.click(screen.getByTestId('lang-zh'));
    await user.type(screen.getByTestId('field-title'), '使用条款');
    await user.click(screen.getByTestId('content-save'));
    expect(screen.getByText(/Give a reason/)).toBeInTheDocument();
    expect(api().put).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('reason'), 'Chinese version');
    await user.click(screen.getByTestId('content-save'));
    expect(api().put).toHaveBeenCalledWith('/api/admin/content/2', {
      kind: 'rule',
      key: 'TERMS',
      modelKey: null,
      parentId: null,
      sort: 0,
      published: true,
      translations: [
        { lang: 'en', title: 'Terms of use', content: '<p>Be nice.</p>' },
        { lang: 'zh', title: '使用条款', content: '' },
      ],
      reason: 'Chinese version',
    });
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent('Item #2 saved.');
  });

  it('creates an item only with an English title, then opens it', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async (_url: string, body: unknown) => {
      const created = { ...(body as ContentRow), id: 9, createTime: T, updateTime: T };
      items = [...items, created];
      return created;
    });
    renderPage(<ContentPage />, { route: '/content/new?kind=help_article', ...routes });
    await screen.findByTestId('page-content-edit');
    expect(screen.getByTestId('field-kind')).toHaveValue('help_article');
    await user.type(screen.getByTestId('field-key'), 'withdraw-help');
    await user.click(screen.getByTestId('lang-zh'));
    await user.type(screen.getByTestId('field-title'), '如何提现');
    await user.type(screen.getByTestId('reason'), 'New article');
    await user.click(screen.getByTestId('content-save'));
    expect(screen.getByText('An English title is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose the article\'s category.')).toBeInTheDocument();
    expect(api().post).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByTestId('field-parent'), '3');
    await user.click(screen.getByTestId('lang-en'));
    await user.type(screen.getByTestId('field-title'), 'How to withdraw');
    await user.click(screen.getByTestId('content-save'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/content', expect.objectContaining({ kind: 'help_article', key: 'withdraw-help', parentId: 3, reason: 'New article' }));
    expect(await screen.findByText('Item #9')).toBeInTheDocument();
    expect(screen.getByTestId('answer-ok')).toHaveTextContent('Item #9 created.');
  });
});

describe('outbox', () => {
  it('pages the messages on the server and filters by exact address', async () => {
    const user = userEvent.setup();
    answerGets([
      [
        '/api/admin/outbox',
        (p) => ({
          rows: [
            { id: 31, channel: 'email', target: 'ann@example.com', subject: 'Your code', purpose: 'register', status: 'failed', error: 'SMTP 550 mailbox unavailable', createTime: T },
            { id: 30, channel: 'sms', target: '+4915100000', subject: '', purpose: 'forget', status: 'unsent', createTime: T },
          ],
          total: p?.target ? 2 : 60,
        }),
      ],
    ]);
    renderPage(<OutboxPage />, { route: '/content/outbox', path: '/content/outbox' });
    const table = await screen.findByTestId('outbox-table');
    expect(table).toHaveTextContent('Registration code');
    expect(table).toHaveTextContent('SMTP 550 mailbox unavailable');
    expect(table).toHaveTextContent('No provider is set up');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api().get).toHaveBeenCalledWith('/api/admin/outbox', { target: undefined, pageNum: 2, pageSize: 25 }));
    await user.type(screen.getByTestId('outbox-target'), 'ann@example.com{Enter}');
    await waitFor(() => expect(api().get).toHaveBeenCalledWith('/api/admin/outbox', { target: 'ann@example.com', pageNum: 1, pageSize: 25 }));
  });
});
