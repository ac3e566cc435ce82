import { useState } from 'react';
import { useSession } from '../session/session-store';

/**
 * Run a form submission with the global loading overlay on; errors were
 * already shown by the request client, so they resolve to false here.
 */
export function useSubmit() {
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setPending(true);
    useSession.getState().setLoading(true);
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      useSession.getState().setLoading(false);
      setPending(false);
    }
  };
  return { pending, run };
}
