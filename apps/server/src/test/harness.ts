import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { SEED_ACCOUNTS } from '../db/seeds/demo.seed.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../modules/auth/login.service.js';

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
  const login: TestApp['login'] = async (username = SEED_ACCOUNTS.admin.username, password) => {
    const known = Object.values(SEED_ACCOUNTS).find((a) => a.username === username);
    const res = await request({
      method: 'POST',
      url: '/sys/login',
      payload: { username, password: password ?? known?.password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
    return res.json().result.token as string;
  };
  return {
    app,
    config,
    request,
    login,
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
