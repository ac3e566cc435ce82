// A page the operator may not open shows why, rather than a page of refusals.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CIcon } from './icons';
import { useMe } from './me';
import { ErrorNote, Loading } from './ui';
import { useCt } from './useCt';
import { keyFor } from '../keys';

export function Guard({ permission, children }: { permission: string | null; children: ReactNode }) {
  const me = useMe();
  if (!permission) return <>{children}</>;
  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorNote error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data.permissions.includes(permission)) return <NotAllowed permission={permission} />;
  return <>{children}</>;
}

export function NotAllowed({ permission }: { permission?: string }) {
  const { t } = useCt();
  const me = useMe().data;
  return (
    <div className="c-blank" data-testid="not-allowed">
      <div className="c-blank__icon">
        <CIcon name="lock" size={32} />
      </div>
      <h1>{t('shell.notAllowed.title')}</h1>
      <p>{t('shell.notAllowed.body', { role: me?.role ? t(keyFor('shell.role.', me.role), { defaultValue: me.role }) : '—' })}</p>
      {permission ? (
        <p className="c-muted">
          {t('shell.notAllowed.needs')} <code>{permission}</code>
        </p>
      ) : null}
      <Link to="/" className="c-btn c-btn--ghost">
        {t('shell.notAllowed.home')}
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useCt();
  return (
    <div className="c-blank" data-testid="not-found">
      <h1>{t('shell.notFound.title')}</h1>
      <p>{t('shell.notFound.body')}</p>
      <Link to="/" className="c-btn c-btn--ghost">
        {t('shell.notAllowed.home')}
      </Link>
    </div>
  );
}
