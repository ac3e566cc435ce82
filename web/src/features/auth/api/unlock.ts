import { api } from '@/shared/api/client';

/** The sign-in answer when failures from many places locked the account itself. */
export const ACCOUNT_LOCKED_UNLOCK = -1016;

export interface UnlockTarget {
  type: 'email' | 'phone';
  email?: string;
  phone?: string;
}

/**
 * POST /api/user/sendUnlockCode. Succeeds whether or not the address belongs
 * to a locked account (a code goes out only when it does).
 */
export async function sendUnlockCode(target: UnlockTarget): Promise<void> {
  await api.postJson<null>('/api/user/sendUnlockCode', target);
}

/** POST /api/user/unlock: lifts the account lock with the code. */
export async function unlockAccount(input: UnlockTarget & { code: string }): Promise<void> {
  await api.postJson<null>('/api/user/unlock', input);
}
