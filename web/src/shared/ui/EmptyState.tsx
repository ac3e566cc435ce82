import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './Icon';

/** Shown for an empty list: the translated 'noData' unless a more specific text is given. */
export function EmptyState({ text, icon = 'empty', action }: { text?: string; icon?: IconName; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty" data-testid="empty-state">
      <div className="empty-icon">
        <Icon name={icon} size={40} />
      </div>
      <p>{text ?? t('noData')}</p>
      {action}
    </div>
  );
}
