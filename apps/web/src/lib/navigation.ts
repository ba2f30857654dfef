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

/** Query parameter of the login page naming where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** The login page with a way back to `target` (path and query) after a successful sign-in. */
export function loginPathFor(loginPath: string, target: string): string {
  return `${loginPath}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/**
 * The redirect target if it is a path inside this app, else null: only `/…` (not `//host`, not a
 * backslash trick, not the account pages), so a crafted link cannot send a fresh session elsewhere.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value === '/user' || value.startsWith('/user/') || value.startsWith('/user?')) return null;
  return value;
}
