import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** A help article (`HelpDetail`). */
export type HelpArticle = components['schemas']['HelpDetail'];

/** GET /api/help/detail ?id */
export async function getHelpDetail(id: string): Promise<HelpArticle> {
  return (await api.get<HelpArticle>('/api/help/detail', { id })).data;
}

export function useHelpDetail(id: string | undefined) {
  return useQuery({ queryKey: ['help', 'detail', id], queryFn: () => getHelpDetail(id!), enabled: Boolean(id) });
}
