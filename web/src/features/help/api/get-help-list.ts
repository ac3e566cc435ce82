import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** A help category and its articles' titles (`HelpCategory`). */
export type HelpCategory = components['schemas']['HelpCategory'];

/** GET /api/help/list */
export async function getHelpList(): Promise<HelpCategory[]> {
  return (await api.get<HelpCategory[]>('/api/help/list')).data ?? [];
}

export function useHelpList() {
  return useQuery({ queryKey: ['help', 'list'], queryFn: getHelpList });
}
