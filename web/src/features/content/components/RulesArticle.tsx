import { useTranslation } from 'react-i18next';
import { EmptyState, Html, Page, PageLoading, type IconName } from '@/shared/ui';
import type { TKey } from '@/shared/i18n/i18n';
import { useRules } from '../api/get-rules';

export function RulesArticle({ ruleKey, title, icon, testId }: { ruleKey: string; title: TKey; icon: IconName; testId: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useRules(ruleKey);
  return (
    <Page title={t(title)} testId={testId}>
      {isLoading ? (
        <PageLoading />
      ) : !data || data.length === 0 ? (
        <EmptyState text={t('content_empty')} icon={icon} />
      ) : (
        <div className="stack">
          {data.map((rule) => (
            <article key={rule.id} className="article card">
              {rule.title ? <h2 className="article-title">{rule.title}</h2> : null}
              <Html html={rule.content} />
            </article>
          ))}
        </div>
      )}
    </Page>
  );
}
