// An uploaded document shown inside the page: a signed link from
// /api/admin/file/{id}/link (five minutes), the bytes fetched with it, and
// an image shown inline or a PDF in a frame. The file is served as a
// sandboxed attachment (docs/decisions/0013), so it is shown from a local
// copy whose type is the one the server sniffed, never as a page.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminApi, AdminApiError } from '../../../api';
import { failure } from './errors';
import { useTexts } from './texts';
import type { FileLink } from './types';

/** The file id in what a claim or submission stored: a bare id or `/api/common/file/{id}`. */
export function fileIdOf(stored: string | null | undefined): string | null {
  const s = stored?.trim();
  if (!s) return null;
  const id = s.split(/[?#]/)[0].split('/').pop() ?? '';
  return id || null;
}

interface Fetched {
  blob: Blob;
  type: string;
}

async function fetchDocument(id: string): Promise<Fetched> {
  const link = await adminApi.get<FileLink>(`/api/admin/file/${encodeURIComponent(id)}/link`);
  const res = await fetch(link.url, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const bytes = await res.blob();
  // Our own copy, typed as the server sniffed it: never text/html.
  return { blob: new Blob([bytes], { type: type || 'application/octet-stream' }), type };
}

function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Whether a Content-Security-Policy header lets the page frame blob: URLs (each of its policies must). */
export function allowsBlobFrames(csp: string | null): boolean {
  if (!csp) return true;
  return csp.split(',').every((policy) => {
    const directives = new Map<string, string[]>();
    for (const part of policy.split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
    }
    const sources = directives.get('frame-src') ?? directives.get('child-src') ?? directives.get('default-src');
    // `*` does not cover blob: (CSP3), and 'self' does not in Chromium.
    return !sources || sources.includes('blob:');
  });
}

let pagePolicy: Promise<boolean> | null = null;

/** Reads the page's policy again on the next document (tests). */
export function forgetPagePolicy(): void {
  pagePolicy = null;
}

/** The console page's own policy, read once from its headers. */
function blobFramesAllowed(): Promise<boolean> {
  pagePolicy ??= fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' })
    .then((res) => allowsBlobFrames(res.headers?.get('content-security-policy') ?? null))
    .catch(() => true);
  return pagePolicy;
}

/**
 * Whether a PDF may be shown in a frame here: not when the server's policy
 * has no `frame-src blob:` (docs/decisions/0014), nor after the browser
 * refused one. The PDF is then offered to open or download instead.
 */
function useFramingAllowed(url: string | null): boolean | null {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void blobFramesAllowed().then((ok) => live && setAllowed(ok));
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      const directive = e.effectiveDirective || e.violatedDirective;
      if ((directive === 'frame-src' || directive === 'child-src') && (e.blockedURI === url || e.blockedURI === 'blob')) setRefused(url);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      live = false;
      document.removeEventListener('securitypolicyviolation', onViolation);
    };
  }, [url]);
  if (url === null) return null;
  if (refused === url) return false;
  return allowed;
}

export function DocumentView({ fileId, label, tall }: { fileId: string | null; label: string; tall?: boolean }) {
  const { t } = useTexts();
  const [large, setLarge] = useState(false);
  const q = useQuery({
    queryKey: ['console', 'file', fileId],
    queryFn: () => fetchDocument(fileId as string),
    enabled: !!fileId,
    // The link lives five minutes; the copy is kept while the page shows it.
    staleTime: 4 * 60_000,
    gcTime: 4 * 60_000,
    retry: false,
  });
  const url = useObjectUrl(q.data?.blob);
  const type = q.data?.type ?? '';
  const isImage = type.startsWith('image/');
  const isPdf = type === 'application/pdf';
  const framing = useFramingAllowed(isPdf ? url : null);

  let body;
  if (!fileId) body = <div className="cq-doc-empty">{t('doc.none')}</div>;
  else if (q.isError) body = <div className="cq-doc-empty cq-bad">{t('doc.failed', { error: q.error instanceof AdminApiError ? failure(q.error, t).text : q.error.message })}</div>;
  else if (!url) body = <div className="cq-doc-empty">{t('common.loading')}</div>;
  else if (isImage)
    body = (
      <button type="button" className="cq-doc-image" onClick={() => setLarge((v) => !v)} title={large ? t('doc.smaller') : t('doc.larger')}>
        <img src={url} alt={label} />
      </button>
    );
  else if (isPdf && framing === null) body = <div className="cq-doc-empty">{t('common.loading')}</div>;
  else if (isPdf && framing) body = <iframe className="cq-doc-pdf" src={url} title={label} />;
  else if (isPdf)
    body = (
      <div className="cq-doc-empty cq-doc-pdf-card" data-testid="pdf-card">
        <span className="cq-doc-pdf-icon" aria-hidden>
          PDF
        </span>
        <span>{t('doc.pdfNotFramed', { size: Math.max(1, Math.round((q.data?.blob.size ?? 0) / 1024)) })}</span>
        <a className="cq-btn cq-btn-ghost cq-btn-sm" href={url} target="_blank" rel="noopener noreferrer">
          {t('doc.openTab')}
        </a>
      </div>
    );
  else body = <div className="cq-doc-empty">{t('doc.unknownType', { type: type || '?' })}</div>;

  return (
    <figure className={`cq-doc${large ? ' cq-doc-large' : ''}${tall ? ' cq-doc-tall' : ''}`} data-testid="document">
      <figcaption>
        <span>{label}</span>
        {url ? (
          <span className="cq-doc-tools">
            {isImage ? (
              <button type="button" className="cq-link" onClick={() => setLarge((v) => !v)}>
                {large ? t('doc.smaller') : t('doc.larger')}
              </button>
            ) : null}
            <a className="cq-link" href={url} download={`${fileId}${isPdf ? '.pdf' : ''}`}>
              {t('doc.download')}
            </a>
          </span>
        ) : null}
      </figcaption>
      {body}
    </figure>
  );
}
