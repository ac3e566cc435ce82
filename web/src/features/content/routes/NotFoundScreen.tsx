import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '@/shared/ui';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound_title')} testId="screen-not-found">
      <EmptyState
        text={t('notFound_text')}
        icon="search"
        action={
          <Link to="/" className="btn btn-secondary btn-small">
            {t('notFound_back')}
          </Link>
        }
      />
    </Page>
  );
}
