import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/user/unBindPhone ?code (code sent with codeType unbind to the bound phone) */
export async function unbindPhone(code: string): Promise<void> {
  await api.postQuery<null>('/api/user/unBindPhone', { code });
}

export function useUnbindPhone() {
  return useMutation({ mutationFn: unbindPhone });
}
