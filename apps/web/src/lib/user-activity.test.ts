import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_MESSAGES, SESSION_TTL_MS, STORAGE_KEYS, USER_ACTIVITY_HEADER } from '@district/shared';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { setFeedback, type Feedback } from './feedback';
import { takeLoginNotice } from './login-notice';
import { getAction, setSessionHandlers } from './request';
import { localStore } from './storage';
import { ACTIVITY_WINDOW_MS, markUserActivity } from './user-activity';

vi.mock('./browser', () => ({ reloadPage: vi.fn(), openWindow: vi.fn() }));

/* Only requests that follow the user's own input count as activity for the idle timeout (issue 24). */

let restore: () => void = () => undefined;
afterEach(() => {
  restore();
  vi.useRealTimers();
});

describe('user activity header', () => {
  it('marks a request started right after a click or a key, and not a poll nobody started', async () => {
    const http = mockHttp({ 'GET /sys/annountCement/listByUser': ok([]) });
    restore = http.restore;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00'));

    // Nobody touched the page: the notice bell's refresh is no activity.
    await getAction('/sys/annountCement/listByUser');
    expect(http.calls[0].headers[USER_ACTIVITY_HEADER]).toBeUndefined();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await getAction('/sys/annountCement/listByUser');
    expect(http.calls[1].headers[USER_ACTIVITY_HEADER]).toBe('1');

    // A call marked as background never counts, even just after a click.
    window.dispatchEvent(new Event('pointerdown'));
    await getAction('/sys/annountCement/listByUser', undefined, { background: true });
    expect(http.calls[2].headers[USER_ACTIVITY_HEADER]).toBeUndefined();

    // A poll long after the last input does not count either.
    markUserActivity();
    vi.setSystemTime(new Date(Date.now() + ACTIVITY_WINDOW_MS + 1));
    await getAction('/sys/annountCement/listByUser');
    expect(http.calls[3].headers[USER_ACTIVITY_HEADER]).toBeUndefined();
  });
});

describe('a session ended by the idle timeout', () => {
  it('signs out and leaves the reason for the login page', async () => {
    const http = mockHttp({ 'GET /sys/user/current': fail(401, SECURITY_MESSAGES.sessionIdle) });
    restore = http.restore;
    // antd's static notification renders through React's scheduler after the file has ended (no window then).
    const notificationError = vi.fn();
    setFeedback({ notification: { error: notificationError } as unknown as Feedback['notification'] });
    const logout = vi.fn(async () => undefined);
    setSessionHandlers({ logout, expire: vi.fn() });
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    await expect(getAction('/sys/user/current')).rejects.toThrow();
    expect(logout).toHaveBeenCalled();
    expect(takeLoginNotice()).toBe(SECURITY_MESSAGES.sessionIdle);
    expect(notificationError).toHaveBeenCalledWith(
      expect.objectContaining({ description: SECURITY_MESSAGES.sessionIdle }),
    );
    localStore.remove(STORAGE_KEYS.accessToken);
  });
});
