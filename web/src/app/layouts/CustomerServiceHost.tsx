import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomSheet, EmptyState, Icon } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { CUSTOMER_SERVICE_EVENT } from '@/shared/events';

/**
 * A service link inside the app (a path such as /help, not //host or a URL)
 * opens in place: a new tab would start a second copy of the app, signed in
 * again and without the tab bar, for a page the app already has.
 */
export function isInAppLink(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * One service link opens directly (in the app for its own pages, else in a new
 * window); several open a popup to choose (spec 2).
 */
export function CustomerServiceHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useSession((s) => s.customerServiceList);
  useEffect(() => {
    const handler = () => {
      const current = useSession.getState().customerServiceList;
      if (current.length !== 1) setOpen(true);
      else if (isInAppLink(current[0].url)) void navigate(current[0].url);
      else window.open(current[0].url, '_blank', 'noopener');
    };
    window.addEventListener(CUSTOMER_SERVICE_EVENT, handler);
    return () => window.removeEventListener(CUSTOMER_SERVICE_EVENT, handler);
  }, [navigate]);
  return (
    <BottomSheet open={open} title={t('service_title')} onClose={() => setOpen(false)} testId="service-popup">
      {list.length === 0 ? (
        <EmptyState />
      ) : (
        list.map((entry, i) => {
          const body = (
            <>
              <span className="cell-icon">
                <Icon name="headset" size={18} />
              </span>
              <span className="cell-label">{entry.name || t('service_agent', { n: i + 1 })}</span>
            </>
          );
          return isInAppLink(entry.url) ? (
            <Link key={`${entry.url}-${i}`} className="sheet-item" to={entry.url} onClick={() => setOpen(false)}>
              {body}
            </Link>
          ) : (
            <a key={`${entry.url}-${i}`} className="sheet-item" href={entry.url} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              {body}
            </a>
          );
        })
      )}
    </BottomSheet>
  );
}
