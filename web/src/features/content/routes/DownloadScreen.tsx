import { useTranslation } from 'react-i18next';
import { BrandMark, Icon, Page } from '@/shared/ui';
import { QrCode } from '@/shared/ui/QrCode';
import { useSettings } from '@/shared/settings/settings-store';
import { downloadLinks } from '../components/download-links';
import { currentInstallPlatform, type InstallPlatform } from '../components/install-hint';
import styles from '../components/content.module.css';

const STEPS: { platform: Exclude<InstallPlatform, 'installed'>; title: 'download_iosTitle' | 'download_androidTitle' | 'download_desktopTitle'; text: 'download_iosSteps' | 'download_androidSteps' | 'download_desktopSteps' }[] = [
  { platform: 'ios', title: 'download_iosTitle', text: 'download_iosSteps' },
  { platform: 'android', title: 'download_androidTitle', text: 'download_androidSteps' },
  { platform: 'desktop', title: 'download_desktopTitle', text: 'download_desktopSteps' },
];

/**
 * /download: the web app is the app, so first how to put it on the home
 * screen (this browser's way marked), the address as a QR code to open it on
 * a phone, then the store apps only when the operator's DOWNLOAD_SETTING
 * names some (none is invented).
 */
export default function DownloadScreen() {
  const { t } = useTranslation();
  const links = downloadLinks(useSettings((s) => s.settingConfig.DOWNLOAD_SETTING));
  const platform = currentInstallPlatform();
  const address = window.location.origin;
  return (
    <Page title={t('download_title')} testId="screen-download">
      <div className={`stack ${styles.wrap}`}>
        <div className="download-hero">
          <BrandMark large />
          <p className="form-hint">{t('download_hint')}</p>
        </div>
        <section className={styles.install} data-testid="download-web-app" data-platform={platform}>
          <h2>{t('download_webTitle')}</h2>
          {platform === 'installed' ? (
            <p data-testid="download-installed">{t('download_installed')}</p>
          ) : (
            <>
              <p className="muted">{t('download_webIntro')}</p>
              <ol className={styles.steps}>
                {STEPS.map((s) => (
                  <li key={s.platform} className={styles.step} data-current={s.platform === platform} data-testid={`download-steps-${s.platform}`}>
                    <Icon name={s.platform === 'ios' ? 'apple' : s.platform === 'android' ? 'android' : 'globe'} size={20} />
                    <span>
                      <strong>{t(s.title)}</strong>
                      {t(s.text)}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        {platform === 'desktop' ? (
          <section className={`${styles.install} ${styles.scan}`} data-testid="download-scan">
            <QrCode text={address} size={132} testId="download-qr" />
            <p>
              {t('download_scan')}
              <br />
              <span className={`muted ${styles.address}`}>{address}</span>
            </p>
          </section>
        ) : null}
        {links.length > 0 ? (
          <section className={styles.install} data-testid="download-store">
            <h2>{t('download_storeTitle')}</h2>
            {links.map((link) => (
              <a key={link.name} href={link.url} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-block" data-testid={`download-${link.name}`}>
                <Icon name={/apple|ios/i.test(link.name) ? 'apple' : 'android'} size={20} />
                <span>
                  {t('download_get')} · {link.name}
                </span>
              </a>
            ))}
          </section>
        ) : null}
      </div>
    </Page>
  );
}
