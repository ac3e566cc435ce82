import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/user/tardPwdSet ?pwd (6 digits): the first fund password. */
export async function setTradePassword(pwd: string): Promise<void> {
  await api.postQuery<null>('/api/user/tardPwdSet', { pwd });
}

export function useSetTradePassword() {
  return useMutation({ mutationFn: setTradePassword });
}
