import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/message/readAll */
export async function readAllMessages(): Promise<void> {
  await api.postQuery<null>('/api/message/readAll');
}

export function useReadAll() {
  const client = useQueryClient();
  return useMutation({ mutationFn: readAllMessages, onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }) });
}
