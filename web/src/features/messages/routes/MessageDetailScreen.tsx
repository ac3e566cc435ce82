import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Html, Page, PageLoading } from '@/shared/ui';
import { formatDateTime } from '@/shared/format/date';
import { useMessageDetail } from '../api/get-message-detail';

export default function MessageDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, isLoading } = useMessageDetail(id);
  return (
    <Page title={t('message_detail_title')} testId="screen-message-detail">
      {isLoading ? (
        <PageLoading />
      ) : !data ? (
        <EmptyState />
      ) : (
        <article className="article">
          <h2 className="article-title">{data.title}</h2>
          <time className="muted small" dateTime={data.createTime}>
            {formatDateTime(data.createTime)}
          </time>
          <Html html={data.content} testId="message-content" />
        </article>
      )}
    </Page>
  );
}
