import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@district/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createConnection } from 'mysql2/promise';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { SEED_ACCOUNTS } from '../db/seeds/demo.seed.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/password.js';

/**
 * Every API test runs on SQLite, and on PostgreSQL, MariaDB and the Redis stores when TEST_PG_URL,
 * TEST_MYSQL_URL and TEST_REDIS_URL are set. Each app gets a database of its own, dropped at close.
 */
export interface Target {
  name: string;
  prepare(): Promise<{ databaseUrl: string; redisUrl: string | null; drop(): Promise<void> }>;
}

const unique = () => `da_t_${process.pid}_${randomBytes(4).toString('hex')}`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const sqlite: Target = {
  name: 'sqlite',
  async prepare() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-test-'));
    return {
      databaseUrl: `sqlite:${path.join(dir, 'test.db')}`,
      redisUrl: null,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
};

function postgres(url: string): Target {
  return {
    name: 'postgres',
    async prepare() {
      const name = unique();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      return {
        databaseUrl: withDatabase(url, name),
        redisUrl: null,
        drop: async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    },
  };
}

function mysql(url: string): Target {
  return {
    name: 'mysql',
    async prepare() {
      const name = unique();
      const c = await createConnection({ uri: url });
      await c.query(`create database ${name} character set utf8mb4 collate utf8mb4_bin`);
      await c.end();
      return {
        databaseUrl: withDatabase(url, name),
        redisUrl: null,
        drop: async () => {
          const d = await createConnection({ uri: url });
          await d.query(`drop database if exists ${name}`);
          await d.end();
        },
      };
    },
  };
}

function redis(url: string): Target {
  return {
    name: 'sqlite+redis',
    async prepare() {
      const base = await sqlite.prepare();
      return { ...base, redisUrl: url };
    },
  };
}

export const targets: Target[] = [
  sqlite,
  ...(process.env.TEST_PG_URL ? [postgres(process.env.TEST_PG_URL)] : []),
  ...(process.env.TEST_MYSQL_URL ? [mysql(process.env.TEST_MYSQL_URL)] : []),
  ...(process.env.TEST_REDIS_URL ? [redis(process.env.TEST_REDIS_URL)] : []),
];

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  request(opts: InjectOptions & { token?: string | null; tenant?: string | number }): Promise<LightMyRequestResponse>;
  /** Signs in with the login call and returns the token. */
  login(username?: string, password?: string): Promise<string>;
  /** Signs in as `login` does and answers the whole login result (user, company, departments, security). */
  loginResult(username?: string, password?: string): Promise<LoginResult>;
  close(): Promise<void>;
}

export async function startApp(target: Target, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const prepared = await target.prepare();
  const config = loadConfig(
    {},
    {
      databaseUrl: prepared.databaseUrl,
      redisUrl: prepared.redisUrl,
      redisPrefix: `${unique()}:`,
      captchaEnabled: false,
      webDist: null,
      // 10,000 demo assets would slow every API test; asset tests bring their own rows.
      seedDemoAssets: false,
      ...overrides,
    },
  );
  let app: FastifyInstance;
  try {
    app = await buildApp(config);
  } catch (error) {
    await prepared.drop();
    throw error;
  }
  const request: TestApp['request'] = ({ token, tenant, headers, url, ...rest }) =>
    app.inject({
      ...rest,
      url: `${config.apiBase}${url}`,
      headers: {
        ...(token ? { 'x-access-token': token } : {}),
        ...(tenant !== undefined ? { 'tenant-id': String(tenant) } : {}),
        ...headers,
      },
    });
  // Recovery codes of accounts this helper enrolled, for their later sign-ins (a TOTP code works once per 30 s).
  const recoveryCodes = new Map<string, string[]>();
  /**
   * Signs in as a test that is not about the login's security controls needs: an account that must set up a second
   * factor is enrolled (a code computed from the secret, as an authenticator app would), later sign-ins of it use
   * one of its recovery codes, and a password an administrator chose is taken as already changed by its user. The
   * controls themselves are tested in modules/auth/security-login.test.ts with the raw calls.
   */
  const loginResult: TestApp['loginResult'] = async (username = SEED_ACCOUNTS.admin.username, password) => {
    const known = Object.values(SEED_ACCOUNTS).find((a) => a.username === username);
    const res = await request({
      method: 'POST',
      url: '/sys/login',
      payload: { username, password: password ?? known?.password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
    let result = res.json().result as {
      token?: string;
      challenge?: 'totp' | 'enrol';
      ticket?: string;
      userInfo?: { id: string };
      security?: { mustChangePassword: string | null };
    };
    if (result.challenge === 'enrol') {
      const setup = await request({
        method: 'POST',
        url: '/sys/login/totp/setup',
        payload: { mfaToken: result.ticket },
      });
      const secret = Secret.fromBase32(setup.json().result.secret as string);
      const passcode = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
      const enabled = await request({
        method: 'POST',
        url: '/sys/login/totp/enable',
        payload: { mfaToken: result.ticket, passcode },
      });
      if (enabled.statusCode !== 200) throw new Error(`login ${username}: enrolment failed: ${enabled.body}`);
      recoveryCodes.set(username, enabled.json().result.recoveryCodes as string[]);
      result = enabled.json().result.login;
    } else if (result.challenge === 'totp') {
      const passcode = recoveryCodes.get(username)?.shift();
      if (!passcode) throw new Error(`login ${username}: a second factor this helper did not enrol`);
      const second = await request({
        method: 'POST',
        url: '/sys/login/totp',
        payload: { mfaToken: result.ticket, passcode },
      });
      if (second.statusCode !== 200) throw new Error(`login ${username}: second factor failed: ${second.body}`);
      result = second.json().result;
    }
    if (result.security?.mustChangePassword === 'initial' && result.userInfo) {
      await app.ctx.db.db
        .updateTable('sysUser')
        .set({ passwordMustChange: 0 })
        .where('id', '=', result.userInfo.id)
        .execute();
    }
    return result as unknown as LoginResult;
  };
  const login: TestApp['login'] = async (username, password) => (await loginResult(username, password)).token;
  return {
    app,
    config,
    request,
    login,
    loginResult,
    close: async () => {
      await app.close();
      await prepared.drop();
    },
  };
}

/**
 * Inserts an account straight into the database (for tests that need a user no API may create, e.g. one
 * without a tenant) with the given roles and tenant memberships, and signs it in. Answers its id and token.
 */
export async function createTestUser(
  t: TestApp,
  opts: { username: string; password: string; realname?: string; roleIds?: string[]; tenants?: number[] },
): Promise<{ userId: string; token: string }> {
  const { db } = t.app.ctx.db;
  const userId = newId();
  const tenants = opts.tenants ?? [];
  await db
    .insertInto('sysUser')
    .values({
      id: userId,
      username: opts.username,
      realname: opts.realname ?? opts.username,
      password: await hashPassword(opts.password),
      status: 1,
      delFlag: 0,
      loginTenantId: tenants[0] ?? null,
    } as never)
    .execute();
  for (const roleId of opts.roleIds ?? []) {
    await db.insertInto('sysUserRole').values({ id: newId(), userId, roleId, tenantId: null }).execute();
  }
  for (const tenantId of tenants) {
    await db.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId, status: 1 }).execute();
  }
  return { userId, token: await t.login(opts.username, opts.password) };
}
