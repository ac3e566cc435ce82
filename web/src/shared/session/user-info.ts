import { ApiError, api } from '../api/client';
import type { Asset, User, UserInfo, WithdrawAddress } from '../api/types';
import { signOut, useSession } from './session-store';

import { USER_INFO_CHANGED_EVENT } from '../events';

export const USER_INFO_CHANGED = USER_INFO_CHANGED_EVENT;

interface GetInfoData {
  user: User;
  asset?: Asset[];
  withdrawAddress?: WithdrawAddress | null;
}

interface WithdrawAddressRow {
  id?: number;
  type: string;
  address: string;
  createTime?: string;
}

const EMPTY_ADDRESS: WithdrawAddress = { type: '', address: '' };

/** The withdraw address shown to the user: the last entry of the list wins (spec 3). */
export function latestWithdrawAddress(rows: WithdrawAddressRow[] | null | undefined, fallback = EMPTY_ADDRESS): WithdrawAddress {
  const last = rows && rows.length > 0 ? rows[rows.length - 1] : null;
  return last ? { type: last.type ?? '', address: last.address ?? '' } : fallback;
}

async function fetchWithdrawAddress(fallback: WithdrawAddress): Promise<WithdrawAddress> {
  try {
    const env = await api.get<WithdrawAddressRow[]>('/api/user/withdrawAddress', undefined, { silent: true });
    return env.code === 200 ? latestWithdrawAddress(env.data, fallback) : fallback;
  } catch {
    return fallback;
  }
}

let inFlight: Promise<boolean> | null = null;

/**
 * Load user info (spec 4): code 200 merges info and assets, loads the withdraw
 * address, announces 'user-info-changed' and saves the info locally; any other
 * code signs out. Concurrent calls share one request.
 */
export function loadUserInfo(): Promise<boolean> {
  if (inFlight) return inFlight;
  inFlight = doLoad().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function doLoad(): Promise<boolean> {
  let env;
  try {
    env = await api.get<GetInfoData>('/api/user/getInfo');
  } catch (error) {
    if (error instanceof ApiError) signOut();
    return false;
  }
  if (env.code !== 200 || !env.data?.user) {
    signOut();
    return false;
  }
  const session = useSession.getState();
  if (!session.token) return false; // signed out meanwhile
  const fromInfo = { ...EMPTY_ADDRESS, ...(env.data.withdrawAddress ?? {}) };
  const withdrawAddress = await fetchWithdrawAddress(fromInfo);
  const info: UserInfo = { ...(session.userInfo ?? {}), ...env.data.user, withdrawAddress };
  // setUserInfo persists it (onyx:userInfo)
  useSession.getState().setUserInfo(info, env.data.asset ?? []);
  window.dispatchEvent(new CustomEvent(USER_INFO_CHANGED, { detail: info }));
  return true;
}
