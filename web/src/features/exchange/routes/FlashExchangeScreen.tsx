import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { FlashExchangePanel } from '../components/FlashExchangePanel';

export default function FlashExchangeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('flashExchange_title')} testId="screen-flashExchange">
      <FlashExchangePanel />
    </Page>
  );
}
