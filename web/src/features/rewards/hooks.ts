import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshAfterMoneyMovement } from '@/features/wallet';
import { useMoney } from '@/shared/format/use-money';
import { toast } from '@/shared/ui/toast-store';
import { claimTask, getAgentInfo, getWelfareCenter, signInToday, type Claim } from './api';

export const REWARDS_KEY = ['rewards'] as const;
export const AGENT_KEY = [...REWARDS_KEY, 'agent'] as const;
export const WELFARE_KEY = [...REWARDS_KEY, 'welfare'] as const;
export const welfareClaimsKey = [...WELFARE_KEY, 'claims'] as const;

/** The agent dashboard's figures; rebates are credited about every minute, so they are read again as often. */
export function useAgentInfo(isSign: boolean) {
  return useQuery({ queryKey: [...AGENT_KEY, 'info'], queryFn: getAgentInfo, enabled: isSign, staleTime: 15_000, refetchInterval: 60_000 });
}

export function useWelfareCenter(isSign: boolean) {
  return useQuery({ queryKey: [...WELFARE_KEY, 'center'], queryFn: getWelfareCenter, enabled: isSign, staleTime: 10_000 });
}

/**
 * Claiming a task and signing in: one at a time. After a reward is paid the
 * centre, the claims history and the balances are read again and the reward
 * is toasted; a refusal shows the server's message (the request client's toast).
 */
export function useWelfareActions() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const money = useMoney();
  const [busy, setBusy] = useState<'signIn' | number | null>(null);

  const after = async (claim: Claim, key: 'welfare_signedToast' | 'welfare_claimToast') => {
    toast(t(key, { amount: money.amount(claim.amount, claim.coin), coin: claim.coin.toUpperCase() }), 'success');
    await Promise.all([qc.invalidateQueries({ queryKey: WELFARE_KEY }), refreshAfterMoneyMovement(qc)]);
  };

  const run = async (which: 'signIn' | number, send: () => Promise<Claim>, key: 'welfare_signedToast' | 'welfare_claimToast') => {
    if (busy !== null) return;
    setBusy(which);
    try {
      await after(await send(), key);
    } catch {
      // Refused (already signed or claimed, not done): what the server says is shown; the centre is read again.
      await qc.invalidateQueries({ queryKey: WELFARE_KEY });
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    signIn: () => run('signIn', signInToday, 'welfare_signedToast'),
    claim: (taskId: number) => run(taskId, () => claimTask(taskId), 'welfare_claimToast'),
  };
}
