import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, SESSION_TTL_MS, STORAGE_KEYS } from '@district/shared';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { setFeedback, type Feedback } from './feedback';
import { localStore } from './storage';
import { getAction, getFileAccessHttpUrl, postAction, setSessionHandlers, TOKEN_EXPIRED_MARK } from './request';

vi.mock('./browser', () => ({ reloadPage: vi.fn(), openWindow: vi.fn() }));
const { reloadPage } = await import('./browser');

const notificationError = vi.fn();
let restore: () => void = () => undefined;

beforeEach(() => {
  notificationError.mockReset();
  vi.mocked(reloadPage).mockReset();
  setFeedback({ notification: { error: notificationError } as unknown as Feedback['notification'] });
});

afterEach(() => {
  restore();
  vi.useRealTimers();
});

const notices = () => notificationError.mock.calls.map(([args]) => args as { title: string; description: string });

describe('stored session lifetime', () => {
  it('keeps the stored token while the user works past the first seven days', async () => {
    const http = mockHttp({ 'GET /sys/user/current': ok({}) });
    restore = http.restore;
    const start = new Date('2026-11-01T08:00:00');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    localStore.set(STORAGE_KEYS.accessToken, 'working-token', SESSION_TTL_MS);

    // Six days later the user is still at work, and again on day eight.
    vi.setSystemTime(new Date(start.getTime() + 6 * 86_400_000));
    await getAction('/sys/user/current');
    vi.setSystemTime(new Date(start.getTime() + 8 * 86_400_000));
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('working-token');

    // Idle for more than seven days after that, the stored token is gone.
    vi.setSystemTime(new Date(start.getTime() + 14 * 86_400_000));
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
  });
});

describe('request headers and parameters', () => {
  it('sends the stored token and tenant, and tenant 0 by default', async () => {
    const http = mockHttp({ 'GET /sys/user/current': ok({}) });
    restore = http.restore;

    await getAction('/sys/user/current');
    expect(http.calls[0].headers['X-Access-Token']).toBeUndefined();
    expect(http.calls[0].headers['tenant-id']).toBe('0');

    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    localStore.set(STORAGE_KEYS.tenantId, 7);
    await getAction('/sys/user/current');
    expect(http.calls[1].headers['X-Access-Token']).toBe('tok');
    expect(http.calls[1].headers['tenant-id']).toBe('7');
  });

  it('stamps GETs with _t in seconds, but not dictionary item lookups or POSTs', async () => {
    const http = mockHttp({
      'GET /sys/user/current': ok({}),
      'GET /sys/dict/getDictItems/sex': ok([]),
      'POST /sys/logout': ok(null),
      'GET /sys/dict/loadDictItem/sex': ok('男'),
    });
    restore = http.restore;
    const before = Math.floor(Date.now() / 1000);

    await getAction('/sys/user/current', { a: 1 });
    await getAction('/sys/dict/getDictItems/sex');
    await postAction('/sys/logout');
    await getAction('/sys/dict/loadDictItem/sex', { key: '1' });

    const stamped = http.calls[0].params as { _t: number; a: number };
    expect(stamped.a).toBe(1);
    expect(stamped._t).toBeGreaterThanOrEqual(before);
    expect(stamped._t).toBeLessThan(before + 5);
    expect(http.calls[1].params?._t).toBeUndefined();
    expect(http.calls[2].params?._t).toBeUndefined();
    expect(http.calls[3].params).toEqual({ key: '1' });
  });

  it('builds static file URLs unless the path is already absolute', () => {
    expect(getFileAccessHttpUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(getFileAccessHttpUrl('upload/a.png')).toBe('/api/sys/common/static/upload/a.png');
    expect(getFileAccessHttpUrl('')).toBe('');
  });
});

describe('central error handling (app-spec §8)', () => {
  it.each([
    [403, '无权限', MSG.forbidden],
    [404, 'whatever', MSG.notFound],
    [504, 'gateway', MSG.timeout],
    [400, '用户名或密码错误', '用户名或密码错误'],
    [429, MSG.accountLocked, MSG.accountLocked],
    [500, MSG.serverError, MSG.serverError],
  ])('status %i shows the right notice and still rejects', async (status, serverMessage, shown) => {
    restore = mockHttp({ 'GET /x': fail(status, serverMessage) }).restore;
    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(notices()).toHaveLength(1);
    expect(notices()[0].title).toBe(MSG.systemNotice);
    expect(notices()[0].description).toBe(shown);
  });

  it('403 is the 4 second 拒绝访问 notice titled 系统提示', async () => {
    restore = mockHttp({ 'GET /x': fail(403, 'no') }).restore;
    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(notificationError).toHaveBeenCalledWith({ title: '系统提示', description: '拒绝访问', duration: 4 });
  });

  it('401 with a token: 未授权，请重新登录, logout, then reload after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const logout = vi.fn(async () => undefined);
    setSessionHandlers({ logout, expire: vi.fn() });
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    restore = mockHttp({ 'GET /x': fail(401, MSG.tokenExpired) }).restore;

    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(notices()[0].description).toBe(MSG.unauthorized);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1499);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('401 with a token tells the user even on a silent background call, as it ends the session', async () => {
    const logout = vi.fn(async () => undefined);
    setSessionHandlers({ logout, expire: vi.fn() });
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    restore = mockHttp({ 'GET /notices': fail(401, MSG.tokenExpired) }).restore;
    await expect(getAction('/notices', undefined, { silent: true })).rejects.toBeTruthy();
    expect(notices()[0].description).toBe(MSG.unauthorized);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('401 without a token only tells the user', async () => {
    const logout = vi.fn(async () => undefined);
    setSessionHandlers({ logout, expire: vi.fn() });
    restore = mockHttp({ 'GET /x': fail(401, 'x') }).restore;
    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(notices()[0].description).toBe(MSG.unauthorized);
    expect(logout).not.toHaveBeenCalled();
  });

  it('500 with the token-expired text reloads the page when a token exists', async () => {
    expect(MSG.tokenExpired).toContain(TOKEN_EXPIRED_MARK);
    const expire = vi.fn();
    setSessionHandlers({ logout: vi.fn(async () => undefined), expire });
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    restore = mockHttp({ 'GET /x': fail(500, MSG.tokenExpired) }).restore;

    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(expire).toHaveBeenCalled();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('500 blob answers are parsed for their message', async () => {
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    setSessionHandlers({ logout: vi.fn(async () => undefined), expire: vi.fn() });
    const body = new Blob([JSON.stringify({ success: false, message: MSG.tokenExpired, code: 500 })], {
      type: 'application/json',
    });
    restore = mockHttp({ 'GET /export': { status: 500, data: body, responseType: 'blob' } }).restore;
    await expect(getAction('/export')).rejects.toBeTruthy();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('other statuses show the server message', async () => {
    restore = mockHttp({ 'GET /x': fail(413, '上传文件过大') }).restore;
    await expect(getAction('/x')).rejects.toBeTruthy();
    expect(notificationError).toHaveBeenCalledWith({ title: '系统提示', description: '上传文件过大', duration: 4 });
  });

  it('silent calls skip the notice but still reject', async () => {
    restore = mockHttp({ 'POST /sys/login': fail(400, '验证码错误') }).restore;
    await expect(postAction('/sys/login', {}, { silent: true })).rejects.toBeTruthy();
    expect(notificationError).not.toHaveBeenCalled();
  });
});
