import { useTranslation } from 'react-i18next';
import { BrandMark, EmptyState, Icon, Page } from '@/shared/ui';
import { useSettings } from '@/shared/settings/settings-store';
import { downloadLinks } from '../components/download-links';

export default function DownloadScreen() {
  const { t } = useTranslation();
  const links = downloadLinks(useSettings((s) => s.settingConfig.DOWNLOAD_SETTING));
  return (
    <Page title={t('download_title')} testId="screen-download">
      <div className="download-hero">
        <BrandMark large />
        <p className="form-hint">{t('download_hint')}</p>
      </div>
      {links.length === 0 ? (
        <EmptyState text={t('download_empty')} icon="download" />
      ) : (
        <div className="stack">
          {links.map((link) => (
            <a key={link.name} href={link.url} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-block" data-testid={`download-${link.name}`}>
              <Icon name={link.name.toLowerCase().includes('apple') || link.name.toLowerCase().includes('ios') ? 'apple' : 'android'} size={20} />
              <span>
                {t('download_get')} · {link.name}
              </span>
            </a>
          ))}
        </div>
      )}
    </Page>
  );
}
