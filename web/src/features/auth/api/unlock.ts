import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/**
 * Sign-in answers while failures from many places slow the account
 * (decision 0011-lockout): the password counts only with a code sent to the
 * bound email or phone, or, for an account with neither, with a solved
 * challenge (-1027: that challenge was used, expired or not solved).
 */
export const LOGIN_CODE_NEEDED = -1019;
export const LOGIN_CHALLENGE_NEEDED = -1026;
export const LOGIN_CHALLENGE_INVALID = -1027;

/** Where an unlock code goes (`UnlockCodeBody`). */
export type UnlockTarget = components['schemas']['UnlockCodeBody'];

/**
 * POST /api/user/sendUnlockCode. Succeeds whether or not the address belongs
 * to a slowed account (a code goes out only when it does).
 */
export async function sendUnlockCode(target: UnlockTarget): Promise<void> {
  await api.postJson<null>('/api/user/sendUnlockCode', target);
}
