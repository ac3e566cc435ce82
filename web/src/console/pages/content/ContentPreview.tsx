// The item as the user app shows it: its phone-width page, its dark palette,
// the title over the body. The body is cleaned first, as the server cleans it
// on save, and links do not leave the console.
import { useMemo } from 'react';
import { Html } from '@/shared/ui/Html';
import { useTexts } from '../queues/common/texts';
import { sanitizeHtml } from './sanitize';
import type { Kind } from './model';

export function ContentPreview({ kind, title, html, rtl, lang, category }: { kind: Kind; title: string; html: string; rtl: boolean; lang: string; category?: string }) {
  const { t } = useTexts();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const bar = kind === 'help_article' ? category || t('content.preview.help') : kind === 'notice' ? t('content.preview.notice') : title;
  return (
    <div className="cc-phone" data-testid="preview">
      <div
        className="cc-screen"
        dir={rtl ? 'rtl' : 'ltr'}
        lang={lang}
        onClickCapture={(e) => {
          if ((e.target as HTMLElement).closest('a')) e.preventDefault();
        }}
      >
        <div className="cc-navbar">
          <span className="cc-back" aria-hidden>
            ‹
          </span>
          <span className="cc-navtitle">{bar || '\u00a0'}</span>
          <span />
        </div>
        {kind === 'notice' ? (
          <div className="cc-marquee" aria-hidden>
            <svg className="cc-marquee-icon" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
              <path d="M15.5 8.5a5 5 0 0 1 0 7" />
              <path d="M18.5 5.5a9 9 0 0 1 0 13" />
            </svg>
            <span className="cc-marquee-text">{title}</span>
          </div>
        ) : null}
        <div className="cc-body">
          {kind === 'help_category' ? (
            <div className="cc-cell">
              <span>{title || t('content.preview.untitled')}</span>
              <span aria-hidden>›</span>
            </div>
          ) : (
            <article className="cc-article">
              <h2 className="cc-article-title">{title || <span className="cc-placeholder">{t('content.preview.untitled')}</span>}</h2>
              {clean.trim() ? <Html html={clean} testId="preview-html" /> : <p className="cc-placeholder">{t('content.preview.empty')}</p>}
            </article>
          )}
        </div>
      </div>
    </div>
  );
}
