import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui';
import { useSettings } from '@/shared/settings/settings-store';
import { openSorted } from '@/shared/settings/types';

export function DownloadStrip() {
  const { t } = useTranslation();
  const links = openSorted(useSettings((s) => s.settingConfig.DOWNLOAD_SETTING)).filter((l) => l.url);
  if (links.length === 0) return null;
  return (
    <section className="card" data-testid="home-download">
      <h3 className="section-title" style={{ margin: '0 0 10px' }}>{t('home_download')}</h3>
      <div className="download-row">
        {links.map((l) => (
          <a key={l.name} href={l.url} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-small">
            <Icon name={/apple|ios/i.test(l.name) ? 'apple' : 'android'} size={16} />
            <span>{l.name}</span>
          </a>
        ))}
      </div>
    </section>
  );
}
