import { useEffect, useState } from 'react';
import { ApiError } from '@/shared/api/client';
import { quoteWithdraw } from '../api/withdraw';
import type { WithdrawQuote } from '@/features/wallet/types';

export const QUOTE_DEBOUNCE_MS = 400;

export type QuoteState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ok'; quote: WithdrawQuote } | { kind: 'error'; message: string; code: number | null };

/** The server's quote for `amount` on `channel`, asked for once typing pauses; null amount means nothing to ask. */
export function useWithdrawQuote(channel: string | undefined, amount: string | null): QuoteState {
  const [state, setState] = useState<QuoteState>({ kind: 'idle' });
  useEffect(() => {
    if (!channel || !amount) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'loading' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      quoteWithdraw(channel, amount, abort.signal)
        .then((quote) => !abort.signal.aborted && setState({ kind: 'ok', quote }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          if (error instanceof ApiError) setState({ kind: 'error', message: error.msg, code: error.code });
          else setState({ kind: 'error', message: '', code: null });
        });
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [channel, amount]);
  return state;
}
