type SignInHook = (target: string) => void;
const requests: SignInHook[] = [];
const code: SignInHook[] = [];

/**
 * Work to start the moment someone signs in, before the shell has fetched the menu: the menu and the home
 * page's figures are asked for, the shell's and the home page's code loaded, all at once rather than in turn.
 * Code loads a moment after the requests have gone out: a browser opens six connections to a host, and the
 * requests the page waits for must not queue behind a dozen chunks.
 */
export function whenSignedIn(hook: SignInHook, kind: 'request' | 'code' = 'request'): void {
  (kind === 'request' ? requests : code).push(hook);
}

/** Called by the login page as it enters `target` (the path the user is sent to). */
export function signedIn(target: string): void {
  for (const hook of requests) hook(target);
  setTimeout(() => {
    for (const hook of code) hook(target);
  }, 20);
}
