import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui';
import { useRollNotices } from '../api/get-notices';

export function NoticeMarquee() {
  const { t } = useTranslation();
  const { data } = useRollNotices();
  const notices = data ?? [];
  if (notices.length === 0) return null;
  const text = notices.map((n) => n.title).join('    •    ');
  return (
    <div className="marquee" role="marquee" aria-label={t('home_notice')} data-testid="home-notices">
      <Icon name="bell" size={16} className="marquee-icon" />
      <div className="marquee-track">
        <span className="marquee-text" style={{ animationDuration: `${Math.max(12, text.length / 4)}s` }}>
          {text}
        </span>
      </div>
    </div>
  );
}
