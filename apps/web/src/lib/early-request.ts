import type { ApiResponse } from '@district/shared';
import { getAction } from './request';

/**
 * GET answers asked for before the code that reads them has loaded: at sign-in the menu and the home page's
 * figures are asked for while the shell's code loads, instead of after it. The first reader takes an answer
 * (once); one left untaken for a few seconds is stale and asked again.
 */
const FRESH_MS = 10_000;
const early = new Map<string, { at: number; answer: Promise<ApiResponse<unknown>> }>();

export function askEarly(url: string): void {
  const answer = getAction(url);
  // Read later (or never): a failure is the reader's to handle, not an unhandled rejection now.
  answer.catch(() => undefined);
  early.set(url, { at: Date.now(), answer });
}

export function takeEarly<T>(url: string): Promise<ApiResponse<T>> | null {
  const entry = early.get(url);
  early.delete(url);
  if (!entry || Date.now() - entry.at > FRESH_MS) return null;
  return entry.answer as Promise<ApiResponse<T>>;
}
