/**
 * The user's own input (a click, a key, the browser's back/forward) as the idle timeout of issue 24 counts it. A
 * request started shortly after such input carries USER_ACTIVITY_HEADER (request.ts); timers and polls that run with
 * nobody at the screen do not, so they never keep an unattended session alive.
 */

/** A request this soon after the user's input follows from it (a click that loads a page, a search as typed). */
export const ACTIVITY_WINDOW_MS = 5_000;

let lastInputAt = 0;

export function markUserActivity(at: number = Date.now()): void {
  lastInputAt = at;
}

/** When the user last gave input in this tab (0: not since the page loaded). */
export function lastUserInputAt(): number {
  return lastInputAt;
}

export function isUserActive(now: number = Date.now()): boolean {
  return lastInputAt > 0 && now - lastInputAt <= ACTIVITY_WINDOW_MS;
}

let lastSentAt = 0;

/** A request that carried the activity mark left now (the server counts the session as used from here). */
export function markActivitySent(at: number = Date.now()): void {
  lastSentAt = at;
}

export function lastActivitySentAt(): number {
  return lastSentAt;
}

type InputListener = (at: number) => void;
const listeners = new Set<InputListener>();

/** Called on every input of the user (the idle watcher tells the server about input that sent no request). */
export function onUserInput(listener: InputListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const INPUT_EVENTS = ['pointerdown', 'keydown', 'popstate'] as const;
let watching = false;

/** Listens for the user's input once per page (capture phase: a handler that stops propagation does not hide it). */
export function watchUserInput(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const mark = () => {
    const at = Date.now();
    markUserActivity(at);
    for (const listener of listeners) listener(at);
  };
  for (const name of INPUT_EVENTS) window.addEventListener(name, mark, { capture: true, passive: true });
}
