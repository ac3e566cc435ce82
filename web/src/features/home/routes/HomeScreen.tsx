import { Link } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '@/app/layouts/use-media-query';
import { useTranslation } from 'react-i18next';
import { BrandHeader, Icon } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { openCustomerService } from '@/shared/events';
import { AppMenu } from '../components/AppMenu';
import { BalanceCard } from '../components/BalanceCard';
import { DownloadStrip } from '../components/DownloadStrip';
import { MarketsSection } from '../components/MarketsSection';
import { MiddleMenu } from '../components/MiddleMenu';
import { NoticeMarquee } from '../components/NoticeMarquee';
import { PortfolioCard } from '../components/PortfolioCard';
import styles from '../components/home.module.css';

export default function HomeScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const name = useSession((s) => s.userInfo?.username);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const hero = (
    <section className="home-hero">
      <div className="home-hero-glow" aria-hidden="true" />
      {isSign ? (
        <h2 className="home-hero-title" data-testid="home-greeting">{t('home_hello', { name: name ?? '' })}</h2>
      ) : (
        <h2 className="home-hero-title">{t('lr_welcome')}</h2>
      )}
      <p className="muted">{t('brand_tagline')}</p>
      {!isSign ? (
        <div className="home-hero-actions">
          <Link to={paths.login} className="btn btn-primary" data-testid="home-sign-in">
            {t('home_signIn')}
          </Link>
          <Link to={paths.register} className="btn btn-secondary" data-testid="home-register">
            {t('home_register')}
          </Link>
        </div>
      ) : null}
    </section>
  );
  return (
    <div className="page home" data-testid="screen-home">
      <header className="home-header">
        <BrandHeader />
        <div className="home-actions">
          {desktop ? null : <AppMenu />}
          <Link to={paths.search} className="icon-btn" aria-label={t('search_title')}>
            <Icon name="search" size={20} />
          </Link>
          <button type="button" className="icon-btn" aria-label={t('wallet_menu_service')} onClick={openCustomerService} data-testid="home-service">
            <Icon name="headset" size={20} />
          </button>
          <Link to={paths.langList} className="icon-btn" aria-label={t('wallet_menu_language')} data-testid="home-language">
            <Icon name="globe" size={20} />
          </Link>
        </div>
      </header>
      <main className="page-body stack">
        {desktop && isSign ? (
          <div className={styles.top}>
            {hero}
            <PortfolioCard />
          </div>
        ) : (
          <>
            {hero}
            {isSign ? <BalanceCard /> : null}
          </>
        )}
        <NoticeMarquee />
        <MiddleMenu />
        <MarketsSection />
        <DownloadStrip />
      </main>
    </div>
  );
}
