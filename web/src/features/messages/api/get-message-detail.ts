import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** A message in full (`MessageDetail`). */
export type MessageDetail = components['schemas']['MessageDetail'];

/** GET /api/message/detail ?id (marks it read) */
export async function getMessageDetail(id: string): Promise<MessageDetail> {
  return (await api.get<MessageDetail>('/api/message/detail', { id })).data;
}

export function useMessageDetail(id: string | null) {
  return useQuery({ queryKey: ['messages', 'detail', id], queryFn: () => getMessageDetail(id!), enabled: Boolean(id) });
}
