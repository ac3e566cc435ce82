import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** The rules the server applies to names and passwords (`CredentialRules`). */
export type CredentialRules = components['schemas']['CredentialRules'];

/** GET /api/user/credentialRules: public, the same numbers the server checks with. */
export async function getCredentialRules(): Promise<CredentialRules> {
  return (await api.get<CredentialRules>('/api/user/credentialRules')).data;
}

/** The rules change only with a server release: fetched once per visit. */
export function useCredentialRules() {
  return useQuery({ queryKey: ['credential-rules'], queryFn: getCredentialRules, staleTime: Infinity });
}
