import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, STORAGE_KEYS } from '@district/shared';
import { localStore, sessionStore } from './storage';

describe('expiring storage', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a value until its lifetime has passed, then forgets it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    localStore.set(STORAGE_KEYS.accessToken, 'token-1', SESSION_TTL_MS);

    vi.setSystemTime(Date.now() + SESSION_TTL_MS - 1000);
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('token-1');

    vi.setSystemTime(Date.now() + 2000);
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
    // The expired entry is removed from the browser, not just hidden.
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps values written without a lifetime', () => {
    localStore.set(STORAGE_KEYS.theme, 'dark');
    expect(localStore.get(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('answers the fallback for missing or foreign values', () => {
    expect(localStore.get('missing', 'fallback')).toBe('fallback');
    window.localStorage.setItem('foreign', 'not json');
    expect(localStore.get('foreign', 1)).toBe(1);
  });

  it('keeps button permissions in session storage, apart from local storage', () => {
    sessionStore.set(STORAGE_KEYS.userAuth, [{ action: 'a' }]);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.userAuth)).not.toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userAuth)).toBeNull();
    expect(sessionStore.get(STORAGE_KEYS.userAuth)).toEqual([{ action: 'a' }]);
  });
});
