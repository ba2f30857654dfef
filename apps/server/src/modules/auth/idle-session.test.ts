import {
  GUEST_CREDENTIALS,
  MSG,
  SECURITY_MESSAGES as M,
  USER_ACTIVITY_HEADER,
  type LoginResult,
  type SecuritySettingsView,
  type SessionState,
} from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/*
 * The idle timeout of issue 24: a session ends after 安全设置's idle time without a request that followed the user's
 * own input; background calls do not count; activity is kept in the token store (database or Redis), so a second
 * instance on the same store ends or keeps the session alike. Time moves with a fake clock (Date only).
 */

const MINUTE = 60_000;

describe.each(targets)('idle sessions on $name', (target) => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(target, { loginIpMaxFailures: 1000 });
    admin = await t.login();
    const current = (await t.request({ method: 'GET', url: '/sys/platform/security', token: admin })).json()
      .result as SecuritySettingsView;
    const { totpDefaultRoleCodes: _resolved, ...settings } = current;
    expect(settings.idleMinutes).toBe(30);
    const res = await t.request({
      method: 'PUT',
      url: '/sys/platform/security',
      token: admin,
      payload: { ...settings, idleMinutes: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A second instance of the product on the same database (and Redis, on that target).
    other = await buildApp(t.config);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the (fake) clock on. */
  const wait = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
  const signIn = async () => {
    const res = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'staff', password: SEED_ACCOUNTS.staff.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as LoginResult).token;
  };
  /** A call as a page makes it: with the activity mark when it follows the user's input. */
  const visit = (token: string, opts: { active?: boolean; app?: FastifyInstance; url?: string } = {}) =>
    (opts.app ?? t.app).inject({
      method: 'GET',
      url: `${t.config.apiBase}${opts.url ?? '/sys/user/current'}`,
      headers: { 'x-access-token': token, ...(opts.active ? { [USER_ACTIVITY_HEADER]: '1' } : {}) },
    });

  it('answers the idle time with every login and ends a session left alone that long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const res = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'staff', password: SEED_ACCOUNTS.staff.password },
    });
    const { token, security } = res.json().result as LoginResult;
    expect(security?.idleMs).toBe(MINUTE);
    wait(40_000);
    expect((await visit(token, { active: true })).statusCode).toBe(200);
    wait(50_000);
    // 50 s after the last activity: still there.
    expect((await visit(token)).statusCode).toBe(200);
    wait(15_000);
    const idle = await visit(token, { active: true });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(M.sessionIdle);
    // Ended for good: the token is gone from the store, coming back does not revive it.
    const after = await visit(token, { active: true });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MSG.tokenExpired);
  });

  it('does not count background calls (the notice bell, monitoring pages) as activity', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const polling = await signIn();
    const working = await signIn();
    for (let i = 0; i < 6; i += 1) {
      wait(10_000);
      expect((await visit(polling)).statusCode).toBe(200);
      expect((await visit(working, { active: true })).statusCode).toBe(200);
    }
    wait(5_000);
    expect((await visit(polling)).json().message).toBe(M.sessionIdle);
    expect((await visit(working)).statusCode).toBe(200);
  });

  it('keeps the session with 继续使用, and the idle state the web asks for is no activity', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signIn();
    wait(40_000);
    const state = await visit(token, { active: true, url: '/sys/session/state' });
    expect(state.statusCode).toBe(200);
    const remaining = (state.json().result as SessionState).remainingMs;
    expect(remaining).toBeGreaterThan(15_000);
    expect(remaining).toBeLessThanOrEqual(20_000);
    wait(15_000);
    const kept = await t.app.inject({
      method: 'POST',
      url: `${t.config.apiBase}/sys/session/keepAlive`,
      headers: { 'x-access-token': token, [USER_ACTIVITY_HEADER]: '1' },
    });
    expect(kept.statusCode).toBe(200);
    expect((kept.json().result as SessionState).remainingMs).toBe(MINUTE);
    wait(50_000);
    expect((await visit(token)).statusCode).toBe(200);
    wait(15_000);
    expect((await visit(token)).statusCode).toBe(401);
  });

  it('keeps and ends a session alike on every instance: activity is kept in the shared store', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signIn();
    // The second instance learns the session now.
    expect((await visit(token, { app: other })).statusCode).toBe(200);
    wait(50_000);
    // The user works on the first instance only.
    expect((await visit(token, { active: true })).statusCode).toBe(200);
    wait(20_000);
    // 70 s after the second instance last saw activity, but 20 s after the user's last action: kept there too.
    expect((await visit(token, { app: other })).statusCode).toBe(200);
    wait(61_000);
    const idle = await visit(token, { app: other });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(M.sessionIdle);
    // Ended on the first instance as well.
    expect((await visit(token)).statusCode).toBe(401);
  });

  it('leaves the guest of the public display signed in (a wall screen nobody touches)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const res = await t.request({ method: 'POST', url: '/sys/apiLogin', payload: GUEST_CREDENTIALS });
    const { token } = res.json().result as LoginResult;
    wait(5 * MINUTE);
    expect((await visit(token)).statusCode).toBe(200);
  });
});
