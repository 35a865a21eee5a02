import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../app/queryClient';

/** A fresh query cache with the app's defaults, one per test, so no test sees another's entries. */
export function testQueryClient(): QueryClient {
  return createQueryClient();
}

/** `children` inside the provider, as `main.tsx` renders the app. */
export function WithQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
