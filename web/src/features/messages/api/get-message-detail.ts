import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export interface MessageDetail {
  id: number | string;
  title: string;
  content: string;
  read: boolean;
  createTime: string;
}

/** GET /api/message/detail ?id (marks it read) */
export async function getMessageDetail(id: string): Promise<MessageDetail> {
  return (await api.get<MessageDetail>('/api/message/detail', { id })).data;
}

export function useMessageDetail(id: string | null) {
  return useQuery({ queryKey: ['messages', 'detail', id], queryFn: () => getMessageDetail(id!), enabled: Boolean(id) });
}
