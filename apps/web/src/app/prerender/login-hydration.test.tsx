import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PRIMARY_COLOR, STORAGE_KEYS, type LoginResult } from '@district/shared';
import { useSessionStore } from '../../lib/session-store';
import { localStore } from '../../lib/storage';
import { mockHttp, ok } from '../../test/mock-http';
import { AppTree } from '../app-tree';
import { AppRouter } from '../router/app-router';
import { PRERENDERED_ATTR, shouldHydrate } from './hydration';
import { renderLoginPage } from './render-login';

const loginResult = {
  token: 'admin-token',
  userInfo: { username: 'admin', realname: '管理员', loginTenantId: 1 },
  company: { name: '公司', latitude: null, longitude: null },
  departList: [],
  positionList: [],
  tenantList: [{ id: 1, name: '默认租户' }],
  multi_depart: 1,
} as unknown as LoginResult;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let restore = () => undefined as void;
let root: Root | null = null;
let container: HTMLElement;

/** #root as login.html delivers it: the build's markup, marked for this path. */
async function serveLoginHtml(url: string, tamper: (html: string) => string = (html) => html) {
  const page = await renderLoginPage(url);
  container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTR, '/user/login');
  container.innerHTML = tamper(page.html);
  document.body.append(container);
  window.history.replaceState(null, '', url);
  return page;
}

/** Hydrates as main.tsx does, collecting everything React reports about mismatches. */
async function hydrate() {
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppTree>
        <AppRouter />
      </AppTree>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  const hydrationWarnings = () =>
    consoleError.mock.calls.filter((args) => /hydrat|did(n't| not) match/i.test(args.map(String).join(' ')));
  return { recoverable, hydrationWarnings };
}

const ownedByReact = (node: Element | null) => !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber'));

beforeEach(() => {
  useSessionStore.getState().clearSession();
  restore = mockHttp({
    'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
    'POST /sys/login': ok(loginResult),
  }).restore;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  restore();
  vi.restoreAllMocks();
  useSessionStore.getState().clearSession();
});

describe('the login page rendered at build time', () => {
  it('holds the form and antd’s CSS for it before any script runs', async () => {
    const { html, styles } = await serveLoginHtml('/user/login');
    expect(html).toContain('aria-label="用户名"');
    expect(html).toContain('aria-label="密码"');
    expect(html).toMatch(/<button type="submit"[^>]*><span>登录<\/span><\/button>/);
    // The input's hashed antd class is styled by the extracted CSS, with the cache map the client reuses.
    const hash = /class="ant-input ant-input-lg (css-[\w-]+)"/.exec(html)?.[1];
    expect(hash).toBeTruthy();
    expect(styles).toContain(`.${hash}`);
    expect(styles).toContain('data-ant-cssinjs-cache-path');
  });

  it('hydrates without a mismatch, keeps the server’s inputs and then signs in', async () => {
    await serveLoginHtml('/user/login?redirect=%2Fsystem%2Fuser');
    const serverPassword = container.querySelector('input[aria-label="密码"]');
    expect(shouldHydrate(container, window.location.pathname)).toBe(true);

    const { recoverable, hydrationWarnings } = await hydrate();
    // The lazy page's chunk arrives, then React takes over the very inputs the server sent.
    await waitFor(() => expect(ownedByReact(serverPassword)).toBe(true));
    expect(container.querySelector('input[aria-label="密码"]')).toBe(serverPassword);
    expect(recoverable).toEqual([]);
    expect(hydrationWarnings()).toEqual([]);

    await userEvent.type(container.querySelector('input[aria-label="用户名"]')!, 'admin');
    await userEvent.type(serverPassword!, 'Admin@2026');
    await userEvent.click(container.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('admin-token'));
    await waitFor(() => expect(window.location.pathname).toBe('/system/user'));
  });

  it('keeps the hydrated inputs when the user asks for less motion (antd’s motion switch does not remount)', async () => {
    await serveLoginHtml('/user/login');
    const serverPassword = container.querySelector('input[aria-label="密码"]');
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      Object.assign(matchMedia(query), { matches: query.includes('prefers-reduced-motion') }),
    );
    const { recoverable } = await hydrate();
    await waitFor(() => expect(ownedByReact(serverPassword)).toBe(true));
    // The theme has switched motion off by now (a render after hydration); the server's input is still the one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(container.querySelector('input[aria-label="密码"]')).toBe(serverPassword);
    expect(recoverable).toEqual([]);
  });

  it('reports markup that does not match the client (the check above can fail)', async () => {
    await serveLoginHtml('/user/login', (html) => html.replace('Copyright ©', 'Copyleft ©'));
    const { recoverable } = await hydrate();
    await waitFor(() => expect(recoverable.length).toBeGreaterThan(0));
  });

  it('is not hydrated for another path or a stored theme colour', async () => {
    await serveLoginHtml('/user/login');
    expect(shouldHydrate(container, '/user/register')).toBe(false);
    localStore.set(STORAGE_KEYS.color, '#722ed1');
    const { useSettingsStore } = await import('../../lib/settings-store');
    useSettingsStore.setState({ color: '#722ed1' });
    expect(shouldHydrate(container, '/user/login')).toBe(false);
    useSettingsStore.setState({ color: DEFAULT_PRIMARY_COLOR });
    expect(shouldHydrate(container, '/user/login')).toBe(true);
  });
});
