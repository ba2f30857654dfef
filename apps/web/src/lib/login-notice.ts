/**
 * A message the login page shows once, for a session that ended on its own (the idle timeout, a password change):
 * kept in sessionStorage because the request layer reloads the page after a 401.
 */
const KEY = 'pro__LOGIN_NOTICE';

export function setLoginNotice(text: string): void {
  try {
    window.sessionStorage.setItem(KEY, text);
  } catch {
    // Storage refused (private mode): the login page simply shows no notice.
  }
}

/** The pending notice, removed as it is read. */
export function takeLoginNotice(): string | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    if (text !== null) window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
