// Who is signed in and what they may do: GET /api/admin/me, and the gate
// that sends an operator who must enrol an authenticator to enrolment.
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { adminApi, AdminApiError } from '../api';
import { CODES } from '../codes';
import { useOperator } from '../session';
import type { components } from '@/shared/api/schema';

export type Permission =
  | 'readUsers'
  | 'freezeUsers'
  | 'reviewKyc'
  | 'editSettings'
  | 'editContent'
  | 'sendMessages'
  | 'readOutbox'
  | 'readAudit'
  | 'reviewFunds';

export const ALL_PERMISSIONS: Permission[] = [
  'readUsers',
  'freezeUsers',
  'reviewKyc',
  'editSettings',
  'editContent',
  'sendMessages',
  'readOutbox',
  'readAudit',
  'reviewFunds',
];

/** GET /api/admin/me. */
export type Me = components['schemas']['MeReply'];

/** What each role grants (crates/http/src/auth.rs role_allows): used only if /me is not served. */
const ROLE_PERMISSIONS: Record<string, Permission[]> = {
  owner: ALL_PERMISSIONS,
  support: ['readUsers', 'sendMessages', 'readOutbox'],
  compliance: ['readUsers', 'freezeUsers', 'reviewKyc'],
};

export const meKey = ['console', 'me'] as const;

/** Whether the operator has to enrol an authenticator before anything else. */
export function mustEnrol(me: Pick<Me, 'totpEnabled' | 'totpRequired'>): boolean {
  return me.totpRequired && !me.totpEnabled;
}

async function fetchMe(): Promise<Me> {
  try {
    const me = await adminApi.get<Me>('/api/admin/me');
    return { ...me, permissions: me.permissions ?? [] };
  } catch (e) {
    // A server without /me yet: the role's grants, as the server computes them.
    if (e instanceof AdminApiError && (e.code === 404 || e.code === CODES.notFound)) {
      const { username, role } = useOperator.getState();
      // No id is known and no two-step sign-in is on (so no codes are left).
      return {
        id: 0,
        username: username ?? '',
        role: role ?? '',
        totpEnabled: false,
        totpRequired: false,
        recoveryCodesLeft: 0,
        permissions: ROLE_PERMISSIONS[role ?? ''] ?? [],
      };
    }
    throw e;
  }
}

export function useMe() {
  const token = useOperator((s) => s.token);
  return useQuery({ queryKey: [...meKey, token], queryFn: fetchMe, enabled: !!token, staleTime: 60_000 });
}

/** Whether the signed-in operator holds `permission` (null: any operator). False while /me loads. */
export function useCan(): (permission: string | null | undefined) => boolean {
  const me = useMe().data;
  return (permission) => !permission || (me?.permissions.includes(permission) ?? false);
}

interface GateState {
  /** Set when sign-in says so or any call answers AdminTotpEnrolmentRequired. */
  enrolRequired: boolean;
  setEnrolRequired: (v: boolean) => void;
}

export const useGate = create<GateState>()((set) => ({
  enrolRequired: false,
  setEnrolRequired: (enrolRequired) => set({ enrolRequired }),
}));

/** Called for every failed query and mutation. */
export function noticeError(e: unknown): void {
  if (e instanceof AdminApiError && e.code === CODES.adminTotpEnrolmentRequired) {
    useGate.getState().setEnrolRequired(true);
  }
}
