import { useSyncExternalStore } from 'react';

const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener?.('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    query.removeEventListener?.('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** Below 768 px the menu becomes a drawer and the greeting is hidden. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
