import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/**
 * POST /api/user/tardPwdSet ?pwd&code: the first fund password, with the
 * `security` code sent to the bound email (else phone).
 */
export async function setTradePassword(input: { pwd: string; code: string }): Promise<void> {
  await api.postQuery<null>('/api/user/tardPwdSet', input);
}

export function useSetTradePassword() {
  return useMutation({ mutationFn: setTradePassword });
}
