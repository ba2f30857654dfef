import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PRIMARY_COLOR, STORAGE_KEYS, type LoginResult } from '@district/shared';
import { localStore } from '@/lib/storage';
import { PRERENDERED_ATTR } from './hydration';
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

/**
 * The browser's side, in modules of its own (the build's render has loaded and resolved the page already in
 * this realm; a browser starts with nothing): the stores, the request layer and the lazy page are fresh.
 */
async function loadClient() {
  vi.resetModules();
  const [hydration, tree, router, http, session] = await Promise.all([
    import('./hydration'),
    import('../app-tree'),
    import('../router/app-router'),
    import('@/test/mock-http'),
    import('@/lib/session-store'),
  ]);
  restore = http.mockHttp({
    'GET /sys/platform/info': http.ok({
      systemName: '测试平台',
      logoUrl: '',
      showSettings: false,
      captchaEnabled: false,
    }),
    'POST /sys/login': http.ok(loginResult),
  }).restore;
  session.useSessionStore.getState().clearSession();
  return { ...hydration, AppTree: tree.AppTree, AppRouter: router.AppRouter };
}

/** Hydrates as main.tsx does (the page's chunk first), collecting everything React reports about mismatches. */
async function hydrate() {
  const { hydrateLoginPage, AppTree, AppRouter } = await loadClient();
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  await act(async () => {
    root = await hydrateLoginPage(
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

/** Hydrates, clicks 登录 without typing again, and returns the body the login call carried. */
async function hydrateAndSubmit() {
  let body: unknown = null;
  await hydrate();
  // The client's own request layer (loaded fresh by hydrate) answers the login with what it was sent.
  const http = await import('@/test/mock-http');
  restore();
  restore = http.mockHttp({
    'GET /sys/platform/info': http.ok({
      systemName: '测试平台',
      logoUrl: '',
      showSettings: false,
      captchaEnabled: false,
    }),
    'POST /sys/login': (config) => {
      body = JSON.parse(String(config.data));
      return http.ok(loginResult);
    },
  }).restore;
  const password = container.querySelector('input[aria-label="密码"]');
  await waitFor(() => expect(ownedByReact(password)).toBe(true));
  await userEvent.click(container.querySelector('button[type="submit"]')!);
  await waitFor(() => expect(body).not.toBeNull());
  return body;
}

const ownedByReact = (node: Element | null) => !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber'));

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  restore();
  restore = () => undefined;
  vi.restoreAllMocks();
});

describe('the login page rendered at build time', () => {
  it('holds the form and antd’s CSS for it before any script runs', async () => {
    const { html, styles } = await serveLoginHtml('/user/login');
    expect(html).toContain('aria-label="用户名"');
    expect(html).toContain('aria-label="密码"');
    // Until React owns the form it cannot be submitted natively; its fields take typing from the first paint.
    expect(html).toMatch(/<button type="button"[^>]*><span>登录<\/span><\/button>/);
    const input = (label: string) => new RegExp(`<input[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input('用户名')).not.toMatch(/readonly|disabled/i);
    expect(input('密码')).not.toMatch(/readonly|disabled/i);
    // The input's hashed antd class is styled by the extracted CSS, with the cache map the client reuses.
    const hash = /class="ant-input ant-input-lg (css-[\w-]+)"/.exec(html)?.[1];
    expect(hash).toBeTruthy();
    expect(styles).toContain(`.${hash}`);
    expect(styles).toContain('data-ant-cssinjs-cache-path');
  });

  it('hydrates without a mismatch, keeps the server’s inputs and then signs in', async () => {
    await serveLoginHtml('/user/login?redirect=%2Fsystem%2Fuser');
    const serverPassword = container.querySelector('input[aria-label="密码"]');
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

  it('keeps what was typed before React took the form over and signs in with it', async () => {
    await serveLoginHtml('/user/login');
    // Typed into the build's markup while the scripts were still loading.
    container.querySelector<HTMLInputElement>('input[aria-label="用户名"]')!.value = 'admin';
    container.querySelector<HTMLInputElement>('input[aria-label="密码"]')!.value = 'Admin@2026';
    const sent = await hydrateAndSubmit();
    expect(sent).toEqual({ username: 'admin', password: 'Admin@2026' });
    expect(container.querySelector<HTMLInputElement>('input[aria-label="用户名"]')!.value).toBe('admin');
  });

  it('keeps what was typed when the markup is rendered again instead of hydrated (another theme colour)', async () => {
    await serveLoginHtml('/user/login');
    container.querySelector<HTMLInputElement>('input[aria-label="用户名"]')!.value = 'admin';
    container.querySelector<HTMLInputElement>('input[aria-label="密码"]')!.value = 'Admin@2026';
    const { AppTree, AppRouter } = await loadClient();
    const { stashTypedValues } = await import('@/lib/prerendered-input');
    const { createRoot } = await import('react-dom/client');
    // As main.tsx does when it does not hydrate.
    stashTypedValues(container);
    container.replaceChildren();
    await act(async () => {
      root = createRoot(container);
      root.render(
        <AppTree>
          <AppRouter />
        </AppTree>,
      );
    });
    await waitFor(() => expect(container.querySelector('input[aria-label="密码"]')).not.toBeNull());
    await waitFor(() =>
      expect(container.querySelector<HTMLInputElement>('input[aria-label="用户名"]')!.value).toBe('admin'),
    );
    expect(container.querySelector<HTMLInputElement>('input[aria-label="密码"]')!.value).toBe('Admin@2026');
  });

  it.each([
    ['asks for less motion', true],
    ['takes the motion', false],
  ])('keeps the hydrated inputs when the user %s (antd’s motion switch does not remount)', async (_, reduce) => {
    await serveLoginHtml('/user/login');
    const serverPassword = container.querySelector('input[aria-label="密码"]');
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      Object.assign(matchMedia(query), { matches: reduce && query.includes('prefers-reduced-motion') }),
    );
    const { recoverable } = await hydrate();
    await waitFor(() => expect(ownedByReact(serverPassword)).toBe(true));
    // The theme has taken the user's setting by now (a render after hydration); the server's input is still the one.
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
    const { shouldHydrate } = await loadClient();
    expect(shouldHydrate(container, '/user/login')).toBe(true);
    expect(shouldHydrate(container, '/user/register')).toBe(false);
    // The colour the user chose in the settings drawer, read from storage as the page starts.
    localStore.set(STORAGE_KEYS.color, '#722ed1');
    expect((await loadClient()).shouldHydrate(container, '/user/login')).toBe(false);
    localStore.set(STORAGE_KEYS.color, DEFAULT_PRIMARY_COLOR);
    expect((await loadClient()).shouldHydrate(container, '/user/login')).toBe(true);
  });
});
