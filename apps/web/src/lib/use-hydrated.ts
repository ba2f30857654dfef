import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the build's server render and while React takes over that markup, true once the page is live (and at
 * once in a page rendered in the browser). A prerendered form's button does not submit until then: a click would
 * submit the form natively. Its inputs take typing at once (lib/prerendered-input.ts hands the text to React).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
