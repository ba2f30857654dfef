/**
 * Lets non-React code (stores, the request layer) navigate through the router instead of reloading.
 * The router registers its navigate function on mount.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigator: NavigateFn | null = null;

export function setNavigator(fn: NavigateFn | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  // Navigating to where we already are is a no-op, never an error (the old router's duplicate-navigation error).
  if (`${window.location.pathname}${window.location.search}` === to) return;
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
