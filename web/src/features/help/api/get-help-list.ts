import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export interface HelpCategory {
  id: number | string;
  title: string;
  items: { id: number | string; title: string }[];
}

/** GET /api/help/list */
export async function getHelpList(): Promise<HelpCategory[]> {
  return (await api.get<HelpCategory[]>('/api/help/list')).data ?? [];
}

export function useHelpList() {
  return useQuery({ queryKey: ['help', 'list'], queryFn: getHelpList });
}
