import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session/session-store';

/** A published notice (`NoticeRow`). */
export type Notice = components['schemas']['NoticeRow'];

/** GET /api/notice/list ?key&modelKey */
export async function getNotices(key: string, modelKey?: string): Promise<Notice[]> {
  return (await api.get<Notice[]>('/api/notice/list', { key, modelKey }, { silent: true })).data ?? [];
}

export function useRollNotices() {
  const language = useSession((s) => s.language);
  return useQuery({ queryKey: ['notices', 'ROLL_NOTICE', 'HOME', language], queryFn: () => getNotices('ROLL_NOTICE', 'HOME') });
}
