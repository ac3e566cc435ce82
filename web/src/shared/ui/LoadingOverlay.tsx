import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="overlay overlay-loading" role="alert" aria-live="assertive" data-testid="loading-overlay">
      <div className="overlay-card">
        <Spinner size={32} />
        <p>{t('submittingOrder')}</p>
      </div>
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size={28} />
    </div>
  );
}
