import { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from './session-store';

export function createQueryClient(): QueryClient {
  // The request layer already tells the user about failures; retrying would repeat the notice.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * The client of the signed-in shell. It is provided by the main layout rather than the entry so the
 * login page does not load the query library.
 */
export const queryClient = createQueryClient();

// Cached answers belong to one identity.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
