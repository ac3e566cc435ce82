import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** The body of a registration (`RegisterBody`). */
export type RegisterInput = components['schemas']['RegisterBody'];

/** POST /api/user/register */
export async function register(input: RegisterInput): Promise<string> {
  const env = await api.postJson<components['schemas']['SaToken']>('/api/user/register', input);
  return env.data.satoken;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
