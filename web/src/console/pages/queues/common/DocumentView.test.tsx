import { screen } from '@testing-library/react';
import { consoleI18n } from '../../../i18n';
import { answerGets, renderPage } from '../test-utils';
import { allowsBlobFrames, DocumentView, fileIdOf, forgetPagePolicy } from './DocumentView';

vi.mock('../../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const SERVER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

function serve(csp: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => ({
      ok: true,
      status: 200,
      headers: new Headers(init?.method === 'HEAD' ? (csp ? { 'content-security-policy': csp } : {}) : { 'content-type': 'application/pdf' }),
      blob: async () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }),
    })),
  );
}

beforeEach(async () => {
  forgetPagePolicy();
  await consoleI18n.changeLanguage('en');
  answerGets([[/^\/api\/admin\/file\//, () => ({ url: '/api/common/file/p1?sig=1', expireTime: '2025-01-15T10:05:00Z' })]]);
});
afterEach(() => vi.unstubAllGlobals());

describe('documents', () => {
  it('read the file id from a bare id or an upload url', () => {
    expect(fileIdOf('/api/common/file/abc123?x=1')).toBe('abc123');
    expect(fileIdOf('abc123')).toBe('abc123');
    expect(fileIdOf('  ')).toBeNull();
    expect(fileIdOf(null)).toBeNull();
  });

  it('know when the page may frame a blob', () => {
    expect(allowsBlobFrames(null)).toBe(true);
    expect(allowsBlobFrames(SERVER_CSP)).toBe(false);
    expect(allowsBlobFrames(`${SERVER_CSP}; frame-src 'self' blob:`)).toBe(true);
    expect(allowsBlobFrames("img-src 'self'")).toBe(true);
    expect(allowsBlobFrames("default-src *")).toBe(false);
  });

  it('offer a PDF to open or download where the server forbids framing it', async () => {
    serve(SERVER_CSP);
    renderPage(<DocumentView fileId="p1" label="Passport" />);
    expect(await screen.findByTestId('pdf-card')).toHaveTextContent('does not let a PDF be shown inside the page');
    expect(screen.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')).toMatch(/^blob:/);
    expect(screen.queryByTitle('Passport')).not.toBeInTheDocument();
  });

  it('show a PDF in a frame where it may', async () => {
    serve(null);
    renderPage(<DocumentView fileId="p2" label="Passport" />);
    expect((await screen.findByTitle('Passport')).tagName).toBe('IFRAME');
  });
});
