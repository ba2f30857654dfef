import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the build's server render and while React takes over that markup, true once the page is live (and at
 * once in a page rendered in the browser). A prerendered form stays read-only until then: what someone types
 * into markup React has not taken over yet would be lost, and a click would submit the form natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
