import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

interface MessagePage {
  rows: unknown[];
  total: number;
  unread: number;
}

/** GET /api/message/list ?pageNum=1&pageSize=1, read for its unread count. */
export async function getUnreadCount(): Promise<number> {
  const env = await api.get<MessagePage>('/api/message/list', { pageNum: 1, pageSize: 1 }, { silent: true });
  return env.data?.unread ?? 0;
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: ['messages', 'unread'], queryFn: getUnreadCount, enabled });
}
