import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Html, Page, PageLoading } from '@/shared/ui';
import { useHelpDetail } from '../api/get-help-detail';

export default function HelpDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data, isLoading } = useHelpDetail(id);
  return (
    <Page title={data?.categoryTitle || t('helpDetail_title')} testId="screen-help-detail">
      {isLoading ? (
        <PageLoading />
      ) : !data ? (
        <EmptyState />
      ) : (
        <article className="article">
          <h2 className="article-title">{data.title}</h2>
          <Html html={data.content} />
        </article>
      )}
    </Page>
  );
}
