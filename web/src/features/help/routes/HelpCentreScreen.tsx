import { useTranslation } from 'react-i18next';
import { Cell, CellGroup, EmptyState, Page, PageLoading } from '@/shared/ui';
import { helpDetailPath } from '@/shared/config/paths';
import { useHelpList } from '../api/get-help-list';

export default function HelpCentreScreen() {
  const { t } = useTranslation();
  const { data, isLoading } = useHelpList();
  const categories = (data ?? []).filter((c) => c.items?.length);
  return (
    <Page title={t('help_title')} testId="screen-help">
      {isLoading ? (
        <PageLoading />
      ) : categories.length === 0 ? (
        <EmptyState text={t('help_empty')} icon="help" />
      ) : (
        categories.map((cat) => (
          <CellGroup key={cat.id} title={cat.title}>
            {cat.items.map((item) => (
              <Cell key={item.id} label={item.title} to={helpDetailPath(item.id)} testId="help-item" />
            ))}
          </CellGroup>
        ))
      )}
    </Page>
  );
}
