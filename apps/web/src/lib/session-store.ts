import { create } from 'zustand';
import {
  API,
  DEFAULT_TENANT_ID,
  GUEST_CREDENTIALS,
  isLoginChallenge,
  LOGIN_PATH,
  MSG,
  SESSION_TTL_MS,
  STORAGE_KEYS,
  type AuthEntry,
  type CompanyInfo,
  type DepartInfo,
  type LoginAnswer,
  type LoginInput,
  type LoginResult,
  type MenuRoute,
  type TenantInfo,
  type UserInfo,
  type UserPermissionResult,
} from '@district/shared';
import { clearDictCache } from './dict-cache';
import { navigateTo } from './navigation';
import { getAction, postAction, setSessionHandlers } from './request';
import { localStore, sessionStore } from './storage';
import { filterMenuByPermission, hideEmptyParents } from './permission';
import { SETTINGS_STORAGE_KEYS } from './settings-store';

export interface SessionState {
  token: string | null;
  username: string | null;
  userInfo: UserInfo | null;
  company: CompanyInfo | null;
  departList: DepartInfo[];
  tenantList: TenantInfo[];
  /** The menu of the signed-in user; null until loaded (the cached route list). */
  menu: MenuRoute[] | null;
  /** Granted permission entries. */
  auth: AuthEntry[];
  /** Every permission entry with its status. */
  allAuth: AuthEntry[];
  /** The user administers the platform (the permission answer says so); the server still decides every write. */
  isPlatformAdmin: boolean;
  /**
   * A logout is under way: the route guard waits for the login page instead of signing the guest in
   * on the page being left (React Router applies the navigation as a transition, after the token is gone).
   */
  loggingOut: boolean;

  /** The session is stored at once, unless the answer asks for a second step (the login page shows it). */
  login(input: LoginInput): Promise<LoginAnswer>;
  apiLogin(credentials?: { username: string; password: string }): Promise<LoginResult>;
  /** Takes the answer of another login (phone, third-party) as the password login's. */
  acceptLoginResult(result: LoginResult): void;
  /**
   * Ends the session and goes to the login page. `callServer: false` when the server has ended it
   * already (after a password change).
   */
  logout(options?: { callServer?: boolean }): Promise<void>;
  /** Forgets the session locally without calling the server (token already revoked or expired). */
  clearSession(): void;
  loadPermissions(): Promise<MenuRoute[]>;
  setUserInfo(userInfo: UserInfo): void;
  setTenant(tenantId: number): void;
}

function readPersisted() {
  return {
    token: localStore.get<string>(STORAGE_KEYS.accessToken),
    username: localStore.get<string>(STORAGE_KEYS.userName),
    userInfo: localStore.get<UserInfo>(STORAGE_KEYS.userInfo),
    company: localStore.get<CompanyInfo>(STORAGE_KEYS.companyInfo),
    departList: localStore.get<DepartInfo[]>(STORAGE_KEYS.departList) ?? [],
    auth: sessionStore.get<AuthEntry[]>(STORAGE_KEYS.userAuth) ?? [],
    allAuth: sessionStore.get<AuthEntry[]>(STORAGE_KEYS.sysButtonAuth) ?? [],
  };
}

/** Clears local storage but keeps the appearance settings, which belong to the browser, not the session. */
function clearLocalStorageKeepingSettings(): void {
  const kept = SETTINGS_STORAGE_KEYS.map((key) => [key, window.localStorage.getItem(key)] as const);
  window.localStorage.clear();
  for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
}

function isLoginSuccess(res: { code: number | string }): boolean {
  return String(res.code) === '200';
}

export const useSessionStore = create<SessionState>()((set, get) => {
  const acceptLogin = (result: LoginResult) => {
    const { token, userInfo, company, departList } = result;
    localStore.set(STORAGE_KEYS.accessToken, token, SESSION_TTL_MS);
    localStore.set(STORAGE_KEYS.userName, userInfo.username, SESSION_TTL_MS);
    localStore.set(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL_MS);
    localStore.set(STORAGE_KEYS.companyInfo, company, SESSION_TTL_MS);
    localStore.set(STORAGE_KEYS.departList, departList ?? [], SESSION_TTL_MS);
    // The user's own default tenant, else the first they belong to.
    const tenantId =
      result.tenantList?.find((t) => t.id === userInfo.loginTenantId)?.id ??
      result.tenantList?.[0]?.id ??
      DEFAULT_TENANT_ID;
    localStore.set(STORAGE_KEYS.tenantId, tenantId);
    sessionStore.remove(STORAGE_KEYS.userAuth);
    sessionStore.remove(STORAGE_KEYS.sysButtonAuth);
    // A new identity needs its own menu: drop whatever the previous one loaded.
    set({
      token,
      username: userInfo.username,
      userInfo,
      company,
      departList: departList ?? [],
      tenantList: result.tenantList ?? [],
      menu: null,
      auth: [],
      allAuth: [],
      isPlatformAdmin: false,
      loggingOut: false,
    });
  };

  return {
    ...readPersisted(),
    tenantList: [],
    menu: null,
    isPlatformAdmin: false,
    loggingOut: false,

    async login(input) {
      const res = await postAction<LoginAnswer>(API.login, input, { silent: true });
      if (!isLoginSuccess(res)) throw res;
      if (!isLoginChallenge(res.result)) acceptLogin(res.result);
      return res.result;
    },

    acceptLoginResult: (result) => acceptLogin(result),

    async apiLogin(credentials = GUEST_CREDENTIALS) {
      const res = await postAction<LoginResult>(API.apiLogin, credentials);
      if (!isLoginSuccess(res)) throw res;
      acceptLogin(res.result);
      return res.result;
    },

    async logout({ callServer = true } = {}) {
      const token = get().token;
      set({ loggingOut: true });
      navigateTo(LOGIN_PATH, { replace: true });
      get().clearSession();
      if (!callServer) return;
      try {
        // The token is already gone from storage, so it travels explicitly; the outcome does not matter.
        if (token) await postAction(API.logout, undefined, { headers: { 'X-Access-Token': token }, silent: true });
      } catch {
        // Logging out ends regardless of the server's answer.
      }
    },

    clearSession() {
      clearDictCache();
      sessionStore.remove(STORAGE_KEYS.userAuth);
      sessionStore.remove(STORAGE_KEYS.sysButtonAuth);
      clearLocalStorageKeepingSettings();
      set({
        token: null,
        username: null,
        userInfo: null,
        company: null,
        departList: [],
        tenantList: [],
        menu: null,
        auth: [],
        allAuth: [],
        isPlatformAdmin: false,
      });
    },

    async loadPermissions() {
      const res = await getAction<UserPermissionResult>(API.userPermission);
      const { menu = [], auth = [], allAuth = [], isPlatformAdmin = false } = res.result ?? {};
      const visible = hideEmptyParents(filterMenuByPermission(menu, auth, allAuth));
      if (!res.success || visible.length === 0) throw new Error(res.message || MSG.emptyMenu);
      sessionStore.set(STORAGE_KEYS.userAuth, auth);
      sessionStore.set(STORAGE_KEYS.sysButtonAuth, allAuth);
      set({ menu: visible, auth, allAuth, isPlatformAdmin });
      return visible;
    },

    setUserInfo(userInfo) {
      localStore.set(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL_MS);
      set({ userInfo });
    },

    setTenant(tenantId) {
      localStore.set(STORAGE_KEYS.tenantId, tenantId);
    },
  };
});

setSessionHandlers({
  logout: () => useSessionStore.getState().logout(),
  expire: () => useSessionStore.getState().clearSession(),
});
