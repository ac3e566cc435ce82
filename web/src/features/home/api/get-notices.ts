import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useSession } from '@/shared/session/session-store';

export interface Notice {
  id: number | string;
  key: string;
  modelKey?: string;
  title: string;
  content: string;
  createTime?: string;
}

/** GET /api/notice/list ?key&modelKey */
export async function getNotices(key: string, modelKey?: string): Promise<Notice[]> {
  return (await api.get<Notice[]>('/api/notice/list', { key, modelKey }, { silent: true })).data ?? [];
}

export function useRollNotices() {
  const language = useSession((s) => s.language);
  return useQuery({ queryKey: ['notices', 'ROLL_NOTICE', 'HOME', language], queryFn: () => getNotices('ROLL_NOTICE', 'HOME') });
}
