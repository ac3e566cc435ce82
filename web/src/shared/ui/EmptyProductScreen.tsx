import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/i18n';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';
import { Page } from './Page';

/**
 * A product screen whose data arrives in a later issue: its nav bar and its real
 * empty state, never invented data.
 */
export function EmptyProductScreen({ title, empty, icon, testId, back = true }: { title: TKey; empty: TKey; icon?: IconName; testId: string; back?: boolean }) {
  const { t } = useTranslation();
  return (
    <Page title={t(title)} testId={testId} back={back}>
      <EmptyState text={t(empty)} icon={icon} />
    </Page>
  );
}
