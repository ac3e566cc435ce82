import { useTranslation } from 'react-i18next';
import { BottomSheet, EmptyState, Html, Spinner } from '@/shared/ui';
import { useRules } from '@/features/content';

export type LegalKey = 'TERMS' | 'PRIVACY';

/**
 * The terms of service or the privacy policy, read in place while registering:
 * a visitor who is not signed in may not open the content pages (spec 6), yet
 * must be able to read what they agree to.
 */
export function LegalSheet({ doc, onClose }: { doc: LegalKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useRules(doc ?? 'TERMS', doc !== null);
  const title = doc === 'PRIVACY' ? t('reg_privacy') : t('terms_title');
  return (
    <BottomSheet open={doc !== null} title={title} onClose={onClose} testId={`legal-${(doc ?? '').toLowerCase()}`}>
      <div className="legal-body">
        {isLoading ? (
          <div className="legal-loading">
            <Spinner size={22} />
          </div>
        ) : isError ? (
          <EmptyState text={t('loadFailed')} icon="doc" />
        ) : !data || data.length === 0 ? (
          <EmptyState text={t('content_empty')} icon="doc" />
        ) : (
          data.map((rule) => (
            <article key={rule.id} className="article">
              {rule.title ? <h3 className="article-title">{rule.title}</h3> : null}
              <Html html={rule.content} />
            </article>
          ))
        )}
      </div>
    </BottomSheet>
  );
}
