import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. TanStack Query's defaults suit a dashboard; ours keep what the client did
 * before it used the library, so its behaviour did not change:
 * - no automatic retry (`retry: false`): a failure is shown with its own "Try again", or the
 *   engine-turn refetch and the analysis poll ask again on their own schedule;
 * - no refetch on focus, reconnect or remount of cached data (`staleTime: Infinity`): server state
 *   changes only when the stream, an answer to our command or a poll says so;
 * - no cache after the last screen using an entry goes (`gcTime: 0`): opening a screen again loads
 *   afresh, as it did before; the levels opt out (`gcTime: Infinity`), they are fixed for the visit;
 * - requests go out whatever `navigator.onLine` says (`networkMode: 'always'`): the server may be on
 *   the same machine, and a failed request already says "Reconnecting…".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
        gcTime: 0,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
