import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, EmptyState, Icon } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { CUSTOMER_SERVICE_EVENT } from '@/shared/events';

/** One service link opens in a new window; several open a popup to choose (spec 2). */
export function CustomerServiceHost() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useSession((s) => s.customerServiceList);
  useEffect(() => {
    const handler = () => {
      const current = useSession.getState().customerServiceList;
      if (current.length === 1) window.open(current[0].url, '_blank', 'noopener');
      else setOpen(true);
    };
    window.addEventListener(CUSTOMER_SERVICE_EVENT, handler);
    return () => window.removeEventListener(CUSTOMER_SERVICE_EVENT, handler);
  }, []);
  return (
    <BottomSheet open={open} title={t('service_title')} onClose={() => setOpen(false)} testId="service-popup">
      {list.length === 0 ? (
        <EmptyState />
      ) : (
        list.map((entry, i) => (
          <a key={`${entry.url}-${i}`} className="sheet-item" href={entry.url} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
            <span className="cell-icon">
              <Icon name="headset" size={18} />
            </span>
            <span className="cell-label">{entry.name || t('service_agent', { n: i + 1 })}</span>
          </a>
        ))
      )}
    </BottomSheet>
  );
}
