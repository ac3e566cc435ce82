import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** A message in the list (`MessageRow`). */
export type MessageRow = components['schemas']['MessageRow'];

/** A page of messages and the unread count (`MessagePage`). */
export type MessagePage = components['schemas']['MessagePage'];

export const MESSAGE_PAGE_SIZE = 10;

/** GET /api/message/list ?pageNum&pageSize */
export async function getMessages(pageNum: number, pageSize = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
  const env = await api.get<MessagePage>('/api/message/list', { pageNum, pageSize });
  return env.data ?? { rows: [], total: 0, unread: 0 };
}

export function useMessages() {
  return useInfiniteQuery({
    queryKey: ['messages', 'list'],
    queryFn: ({ pageParam }) => getMessages(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? pages.length + 1 : undefined;
    },
  });
}
