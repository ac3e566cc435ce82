import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type KycTier = 'primary' | 'advanced';

export interface KycInput {
  tier: KycTier;
  realName: string;
  idCard: string;
  country: string;
  frontUrl: string;
  backUrl: string;
  /** Advanced only: selfie holding the document. */
  handUrl?: string;
}

/** POST /api/user/uploadKYC ?type (1 primary, 2 advanced)&realName&idCard&country&frontUrl&backUrl&handUrl */
export async function uploadKyc({ tier, handUrl, ...rest }: KycInput): Promise<void> {
  const params: Record<string, unknown> = { type: tier === 'primary' ? 1 : 2, ...rest };
  if (tier === 'advanced') params.handUrl = handUrl ?? '';
  await api.postQuery<null>('/api/user/uploadKYC', params);
}

export function useUploadKyc() {
  return useMutation({ mutationFn: uploadKyc });
}
