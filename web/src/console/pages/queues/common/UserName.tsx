// "User 5 · anna_k", linked to the user's page in the console; the name when
// the operator may read users, the id alone otherwise.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../api';
import { useTexts } from './texts';
import type { UserDetail } from './types';

export function useUserDetail(userId: number) {
  return useQuery({
    queryKey: ['console', 'user', userId],
    queryFn: () => adminApi.get<UserDetail>(`/api/admin/users/${userId}`),
    retry: false,
    staleTime: 30_000,
  });
}

export function UserName({ id }: { id: number }) {
  const { t } = useTexts();
  const user = useUserDetail(id);
  const u = user.data?.user;
  const name = u ? (u.username ?? u.email ?? u.phone) : null;
  return (
    <Link to={`/users/${id}`} className="cq-link cq-user" data-testid={`user-${id}`}>
      {t('common.userId', { id })}
      {name ? <span className="cq-muted"> · {name}</span> : null}
    </Link>
  );
}
