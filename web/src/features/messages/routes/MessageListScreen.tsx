import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Page, PageLoading } from '@/shared/ui';
import { messageDetailPath } from '@/shared/config/paths';
import { useMessages } from '../api/get-messages';
import { formatDate } from '@/shared/format/date';
import { useReadAll } from '../api/read-all';

export default function MessageListScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = useMessages();
  const readAll = useReadAll();
  // come back from a detail with fresh read marks
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['messages'] });
  }, [client]);
  const rows = data?.pages.flatMap((p) => p.rows) ?? [];
  const unread = data?.pages[0]?.unread ?? 0;
  return (
    <Page
      title={t('message_title')}
      testId="screen-messages"
      right={
        unread > 0 ? (
          <button type="button" className="link small" style={{ border: 0, background: 'none', cursor: 'pointer' }} onClick={() => readAll.mutate()} data-testid="messages-read-all">
            {t('message_readAll')}
          </button>
        ) : null
      }
    >
      {isLoading ? (
        <PageLoading />
      ) : isError ? (
        <EmptyState text={t('loadFailed')} action={<Button variant="secondary" small onClick={() => refetch()}>{t('retry')}</Button>} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('message_empty')} icon="bell" />
      ) : (
        <>
          <ul className="list">
            {rows.map((m) => (
              <li key={m.id}>
                <Link to={messageDetailPath(m.id)} className={`list-item ${m.read ? '' : 'unread'}`} data-testid="message-item">
                  {m.read ? <span className="dot dot-read" /> : <span className="dot" aria-label={t('message_unread')} data-testid="message-unread-dot" />}
                  <span className="list-main">
                    <span className="list-title">{m.title}</span>
                    <span className="list-sub">{m.summary}</span>
                  </span>
                  <time className="list-time" dateTime={m.createTime}>
                    {formatDate(m.createTime)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          <div style={{ textAlign: 'center', marginTop: 14 }}>
            {hasNextPage ? (
              <Button variant="secondary" small loading={isFetchingNextPage} onClick={() => fetchNextPage()} data-testid="messages-more">
                {t('loadMore')}
              </Button>
            ) : (
              <span className="muted small">{t('noMore')}</span>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
