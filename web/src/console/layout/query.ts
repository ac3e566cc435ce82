// The console's query client: no retries of refusals, and every failure
// looked at once for "enrol an authenticator first".
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AdminApiError } from '../api';
import { noticeError } from './me';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noticeError }),
    mutationCache: new MutationCache({ onError: noticeError }),
    defaultOptions: {
      queries: {
        retry: (count, e) => !(e instanceof AdminApiError) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}
