import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session/session-store';

/** Published rule texts (about, terms, privacy): public, in the caller's language (`RuleRow`). */
export type Rule = components['schemas']['RuleRow'];

/** GET /api/option/rules/list ?key (TERMS, ABOUT, PRIVACY, ...) */
export async function getRules(key: string): Promise<Rule[]> {
  return (await api.get<Rule[]>('/api/option/rules/list', { key })).data ?? [];
}

/** Content is stored per language, so the language is part of the cache key. */
export function useRules(key: string, enabled = true) {
  const language = useSession((s) => s.language);
  return useQuery({ queryKey: ['rules', key, language], queryFn: () => getRules(key), enabled });
}
