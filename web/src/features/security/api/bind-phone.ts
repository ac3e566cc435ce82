import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/user/bindPhone ?phone&code */
export async function bindPhone(input: { phone: string; code: string }): Promise<void> {
  await api.postQuery<null>('/api/user/bindPhone', input);
}

export function useBindPhone() {
  return useMutation({ mutationFn: bindPhone });
}
