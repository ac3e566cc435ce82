import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Icon, Page } from '@/shared/ui';

/** Coin search; the coin list arrives with market data in a later issue, so every search is empty for now. */
export default function SearchScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  return (
    <Page title={t('search_title')} testId="screen-search">
      <div className="field-box">
        <Icon name="search" size={18} className="muted" />
        <input className="field-input" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('search_placeholder')} aria-label={t('search_placeholder')} />
      </div>
      <EmptyState text={t('search_empty')} icon="search" />
    </Page>
  );
}
