import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export interface MessageRow {
  id: number | string;
  title: string;
  summary: string;
  read: boolean;
  createTime: string;
}

export interface MessagePage {
  rows: MessageRow[];
  total: number;
  unread: number;
}

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
