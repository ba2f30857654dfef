import { createRequire } from 'node:module';
import { GUEST_CREDENTIALS, SOCKET_PROTOCOL, TABLE_SYNC } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { hasRedisServer, startRedis } from '../../test/faults.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/** The few members of the `ws` client the tests use (the package ships no types here). */
interface Client {
  readonly readyState: number;
  readonly protocol: string;
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
}
type ClientCtor = new (url: string, protocols?: string | string[]) => Client;
const WebSocketClient = createRequire(import.meta.url)('ws') as ClientCtor;

interface Peer {
  client: Client;
  messages: unknown[];
  closed: Promise<number>;
  next(predicate?: (m: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

/** Opens a socket the way the web does: the token in the sub-protocol, after ours. */
function connect(url: string, token: string | null): Promise<Peer> {
  return connectWith(url, token ? [SOCKET_PROTOCOL, token] : undefined);
}

/** The HTTP status a socket is refused with before the upgrade (0 if it opened). */
function refusal(url: string, protocols?: string[]): Promise<number> {
  const client = new WebSocketClient(url, protocols);
  return new Promise((resolve, reject) => {
    client.on('unexpected-response', (_req, res) => resolve(res.statusCode));
    client.on('open', () => {
      client.close();
      resolve(0);
    });
    client.on('error', reject);
  });
}

function connectWith(url: string, protocols?: string[]): Promise<Peer> {
  const client = new WebSocketClient(url, protocols);
  const messages: unknown[] = [];
  const waiters: { predicate: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  client.on('message', (data) => {
    const message = JSON.parse(data.toString()) as unknown;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.predicate(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
  const peer: Peer = {
    client,
    messages,
    closed,
    next: (predicate = () => true, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(predicate);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      }),
  };
  return new Promise((resolve, reject) => {
    client.on('open', () => resolve(peer));
    client.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(targets)('table sync socket ($name)', (target) => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await startApp(target);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address.replace('http', 'ws')}${t.config.apiBase}/vxeSocket`;
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('answers a heart beat', async () => {
    const peer = await connect(`${base}/u1/page-hb`, token);
    peer.client.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await peer.next()).toEqual({ type: 'heart_beat' });
    peer.client.close();
  });

  it('lets two clients of the same page see each other, and not other pages', async () => {
    const a = await connect(`${base}/u1/page-a`, token);
    const b = await connect(`${base}/u2/page-a`, token);
    const other = await connect(`${base}/u3/page-b`, token);
    // Wait until all three are registered (authentication is asynchronous).
    for (const p of [a, b, other]) {
      p.client.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }

    const update = { rowId: 'r1', row: { id: 'r1', name: '张三' }, socketKey: 'demo' };
    a.client.send(JSON.stringify({ type: 'update_vxe_table', data: update }));
    expect(await b.next((m) => (m as { type: string }).type === 'update_vxe_table')).toEqual({
      type: 'update_vxe_table',
      data: update,
    });

    b.client.send(JSON.stringify({ type: 'common_send_date', data: { hello: 1 } }));
    expect(await a.next((m) => (m as { type: string }).type === 'common_send_date')).toEqual({
      type: 'common_send_date',
      data: { hello: 1 },
    });

    await sleep(200);
    // The sender does not get its own message back, and another page hears nothing.
    expect(a.messages.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toHaveLength(0);
    expect(other.messages.filter((m) => (m as { type: string }).type !== 'heart_beat')).toHaveLength(0);
    for (const p of [a, b, other]) p.client.close();
  });

  it('keeps tenants apart: a peer working in another tenant hears nothing of the same page', async () => {
    const db = t.app.ctx.db.db;
    // staff becomes a member of tenant 1002 and works in it; admin works in 1001.
    const { id: staffId } = await db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'staff')
      .executeTakeFirstOrThrow();
    const linkId = newId();
    await db.insertInto('sysUserTenant').values({ id: linkId, userId: staffId, tenantId: 1002, status: 1 }).execute();
    await db.updateTable('sysUser').set({ loginTenantId: 1002 }).where('id', '=', staffId).execute();
    const staff = await t.login('staff');
    const a = await connect(`${base}/u1/page-t`, token);
    const b = await connect(`${base}/u2/page-t`, staff);
    for (const p of [a, b]) {
      p.client.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }
    a.client.send(JSON.stringify({ type: 'common_send_date', data: { secret: 1 } }));
    await sleep(300);
    expect(b.messages.filter((m) => (m as { type: string }).type === 'common_send_date')).toHaveLength(0);
    for (const p of [a, b]) p.client.close();
    await db.updateTable('sysUser').set({ loginTenantId: 1001 }).where('id', '=', staffId).execute();
    await db.deleteFrom('sysUserTenant').where('id', '=', linkId).execute();
  });

  it('ignores unparsable, unknown and malformed messages without closing', async () => {
    const a = await connect(`${base}/u1/page-c`, token);
    const b = await connect(`${base}/u2/page-c`, token);
    for (const p of [a, b]) {
      p.client.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }
    a.client.send('not json');
    a.client.send(JSON.stringify({ type: 'something_else' }));
    a.client.send(JSON.stringify({ type: 'update_vxe_table', data: { rowId: 'x' } }));
    a.client.send(JSON.stringify({ type: 'heart_beat' }));
    await a.next((m) => a.messages.indexOf(m) === 1);
    await sleep(100);
    expect(b.messages).toEqual([{ type: 'heart_beat' }]);
    expect(a.client.readyState).toBe(1);
    a.client.close();
    b.client.close();
  });

  it('answers with its sub-protocol, never echoing the token back', async () => {
    const peer = await connect(`${base}/u1/page-p`, token);
    expect(peer.client.protocol).toBe(SOCKET_PROTOCOL);
    peer.client.close();
  });

  it('refuses before the upgrade: no token or a wrong one 401, a token in the URL 401 even when valid', async () => {
    expect(await refusal(`${base}/u1/page-d`)).toBe(401);
    expect(await refusal(`${base}/u1/page-d`, [SOCKET_PROTOCOL, 'nope'])).toBe(401);
    // A bare token without our sub-protocol is not read.
    expect(await refusal(`${base}/u1/page-d`, [token])).toBe(401);
    // The URL lands in access logs and proxies: a token there is refused, not used.
    expect(await refusal(`${base}/u1/page-d?token=${encodeURIComponent(token)}`)).toBe(401);
    expect(await refusal(`${base}/u1/page-d?token=${encodeURIComponent(token)}`, [SOCKET_PROTOCOL, token])).toBe(401);
  });

  it('refuses the guest: table sync is for signed-in users only', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    expect(await refusal(`${base}/u1/page-g`, [SOCKET_PROTOCOL, guest])).toBe(403);
  });

  it('does not take the identity from the path: a revoked token is refused', async () => {
    const second = await t.login();
    await t.request({ method: 'POST', url: '/sys/logout', token: second });
    expect(await refusal(`${base}/admin/page-e`, [SOCKET_PROTOCOL, second])).toBe(401);
  });

  it('delivers a frame up to the limit and closes with 1009 on a bigger one, without relaying it', async () => {
    const a = await connect(`${base}/u1/page-big`, token);
    const b = await connect(`${base}/u2/page-big`, token);
    for (const p of [a, b]) {
      p.client.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }
    const envelope = (text: string) =>
      JSON.stringify({ type: 'update_vxe_table', data: { rowId: 'r1', row: { text }, socketKey: 'k' } });
    const fits = envelope('x'.repeat(TABLE_SYNC.maxMessageBytes - 200));
    expect(Buffer.byteLength(fits)).toBeLessThanOrEqual(TABLE_SYNC.maxMessageBytes);
    a.client.send(fits);
    await b.next((m) => (m as { type: string }).type === 'update_vxe_table');

    a.client.send(envelope('y'.repeat(TABLE_SYNC.maxMessageBytes)));
    expect(await a.closed).toBe(1009);
    await sleep(100);
    expect(b.messages.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toHaveLength(1);
    b.client.close();
  });

  it('closes with 4400 on a malformed page id', async () => {
    const peer = await connect(`${base}/u1/${'x'.repeat(80)}`, token);
    expect(await peer.closed).toBe(TABLE_SYNC.closeBadRequest);
  });
});

const redisTarget = targets.find((target) => target.name === 'sqlite+redis');
describe.runIf(redisTarget)('table sync socket across two instances (Redis pub/sub)', () => {
  it('delivers a row update to a peer connected to the other instance', async () => {
    const prefix = `da_t_sync_${process.pid}_${Date.now()}:`;
    const one = await startApp(redisTarget!, { redisPrefix: prefix });
    const two = await startApp(redisTarget!, { redisPrefix: prefix });
    try {
      const url = async (t: TestApp) =>
        `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}${t.config.apiBase}/vxeSocket`;
      const token = await one.login();
      const a = await connect(`${await url(one)}/u1/shared`, token);
      const b = await connect(`${await url(two)}/u2/shared`, token);
      for (const p of [a, b]) {
        p.client.send(JSON.stringify({ type: 'heart_beat' }));
        await p.next();
      }
      const update = { rowId: 'r9', row: { id: 'r9', qty: 3 }, socketKey: 'k' };
      a.client.send(JSON.stringify({ type: 'update_vxe_table', data: update }));
      expect(await b.next((m) => (m as { type: string }).type === 'update_vxe_table')).toEqual({
        type: 'update_vxe_table',
        data: update,
      });
      a.client.close();
      b.client.close();
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.runIf(hasRedisServer)('table sync socket while Redis is down (a throw-away redis-server)', () => {
  it('keeps delivering to the peers on this instance and does not crash', async () => {
    const redis = await startRedis();
    const t = await startApp(targets[0]!, { redisUrl: redis.url });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `${address.replace('http', 'ws')}${t.config.apiBase}/vxeSocket`;
      const token = await t.login();
      const a = await connect(`${base}/u1/down`, token);
      const b = await connect(`${base}/u2/down`, token);
      for (const p of [a, b]) {
        p.client.send(JSON.stringify({ type: 'heart_beat' }));
        await p.next();
      }
      await redis.stop();
      const update = { rowId: 'r1', row: { id: 'r1', qty: 1 }, socketKey: 'k' };
      a.client.send(JSON.stringify({ type: 'update_vxe_table', data: update }));
      expect(await b.next((m) => (m as { type: string }).type === 'update_vxe_table')).toEqual({
        type: 'update_vxe_table',
        data: update,
      });
      // The instance is alive and answers on its socket.
      a.client.send(JSON.stringify({ type: 'heart_beat' }));
      await a.next((m) => a.messages.indexOf(m) === 1);
      a.client.close();
      b.client.close();
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});

describe.runIf(hasRedisServer)('table sync socket while Redis is frozen (a throw-away redis-server)', () => {
  it('delivers to the peers on this instance within the command timeout', async () => {
    const redis = await startRedis();
    const t = await startApp(targets[0]!, { redisUrl: redis.url });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `${address.replace('http', 'ws')}${t.config.apiBase}/vxeSocket`;
      const token = await t.login();
      const a = await connect(`${base}/u1/frozen`, token);
      const b = await connect(`${base}/u2/frozen`, token);
      for (const p of [a, b]) {
        p.client.send(JSON.stringify({ type: 'heart_beat' }));
        await p.next();
      }
      redis.freeze();
      const update = { rowId: 'r1', row: { id: 'r1', qty: 2 }, socketKey: 'k' };
      a.client.send(JSON.stringify({ type: 'update_vxe_table', data: update }));
      expect(await b.next((m) => (m as { type: string }).type === 'update_vxe_table', 3_500)).toEqual({
        type: 'update_vxe_table',
        data: update,
      });
      a.client.close();
      b.client.close();
    } finally {
      redis.thaw();
      await t.close();
      await redis.stop();
    }
  });
});

describe.runIf(hasRedisServer)('table sync across two instances after a Redis restart', () => {
  it('delivers across instances again once Redis is back (the subscription is restored)', async () => {
    let redis = await startRedis();
    const prefix = `da_t_sync_${process.pid}_${Date.now()}:`;
    const one = await startApp(targets[0]!, { redisUrl: redis.url, redisPrefix: prefix });
    const two = await startApp(targets[0]!, { redisUrl: redis.url, redisPrefix: prefix });
    try {
      const url = async (t: TestApp) =>
        `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}${t.config.apiBase}/vxeSocket`;
      const token = await one.login();
      const a = await connect(`${await url(one)}/u1/restart`, token);
      const b = await connect(`${await url(two)}/u2/restart`, token);
      for (const p of [a, b]) {
        p.client.send(JSON.stringify({ type: 'heart_beat' }));
        await p.next();
      }
      await redis.stop();
      redis = await startRedis(redis.port);
      const isUpdate = (m: unknown) => (m as { type: string }).type === 'update_vxe_table';
      // Reconnection takes a moment: send until the peer on the other instance hears one.
      let heard = false;
      for (let i = 0; i < 40 && !heard; i++) {
        a.client.send(JSON.stringify({ type: 'update_vxe_table', data: { rowId: 'r', row: { i }, socketKey: 'k' } }));
        heard = await b.next(isUpdate, 250).then(
          () => true,
          () => false,
        );
      }
      expect(heard).toBe(true);
      a.client.close();
      b.client.close();
    } finally {
      await one.close();
      await two.close();
      await redis.stop();
    }
  });
});
