import { getAction } from './request';

/**
 * GET answers asked for before the page that reads them has loaded: the home page's figures are asked for at
 * sign-in, while the shell fetches the menu and the page's code, instead of after all that. The first reader
 * takes an answer (once); one left untaken for a few seconds is stale and asked again.
 */
const FRESH_MS = 10_000;
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

export function askEarly(url: string): void {
  const answer = getAction(url).then((res) => res.result);
  // Read later (or never): a failure is the reader's to handle, not an unhandled rejection now.
  answer.catch(() => undefined);
  early.set(url, { at: Date.now(), answer });
}

export function takeEarly<T>(url: string): Promise<T> | null {
  const entry = early.get(url);
  early.delete(url);
  if (!entry || Date.now() - entry.at > FRESH_MS) return null;
  return entry.answer as Promise<T>;
}
