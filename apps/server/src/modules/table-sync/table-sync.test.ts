import { createRequire } from 'node:module';
import { TABLE_SYNC } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/** The few members of the `ws` client the tests use (the package ships no types here). */
interface Client {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
type ClientCtor = new (url: string, protocols?: string | string[]) => Client;
const WebSocketClient = createRequire(import.meta.url)('ws') as ClientCtor;

interface Peer {
  client: Client;
  messages: unknown[];
  closed: Promise<number>;
  next(predicate?: (m: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

function connect(url: string, protocols?: string[]): Promise<Peer> {
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
    const peer = await connect(`${base}/u1/page-hb?token=${encodeURIComponent(token)}`);
    peer.client.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await peer.next()).toEqual({ type: 'heart_beat' });
    peer.client.close();
  });

  it('lets two clients of the same page see each other, and not other pages', async () => {
    const a = await connect(`${base}/u1/page-a?token=${encodeURIComponent(token)}`);
    // The token may come in the sub-protocol header instead of the query.
    const b = await connect(`${base}/u2/page-a`, [token]);
    const other = await connect(`${base}/u3/page-b?token=${encodeURIComponent(token)}`);
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
    await db.updateTable('sysUser').set({ loginTenantId: 1002 }).where('username', '=', 'staff').execute();
    const staff = await t.login('staff');
    const a = await connect(`${base}/u1/page-t?token=${encodeURIComponent(token)}`);
    const b = await connect(`${base}/u2/page-t?token=${encodeURIComponent(staff)}`);
    for (const p of [a, b]) {
      p.client.send(JSON.stringify({ type: 'heart_beat' }));
      await p.next();
    }
    a.client.send(JSON.stringify({ type: 'common_send_date', data: { secret: 1 } }));
    await sleep(300);
    expect(b.messages.filter((m) => (m as { type: string }).type === 'common_send_date')).toHaveLength(0);
    for (const p of [a, b]) p.client.close();
    await db.updateTable('sysUser').set({ loginTenantId: 1001 }).where('username', '=', 'staff').execute();
  });

  it('ignores unparsable, unknown and malformed messages without closing', async () => {
    const a = await connect(`${base}/u1/page-c?token=${encodeURIComponent(token)}`);
    const b = await connect(`${base}/u2/page-c?token=${encodeURIComponent(token)}`);
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

  it('closes with 4401 without a token or with a wrong one', async () => {
    const missing = await connect(`${base}/u1/page-d`);
    expect(await missing.closed).toBe(TABLE_SYNC.closeUnauthorized);
    const wrong = await connect(`${base}/u1/page-d?token=nope`);
    expect(await wrong.closed).toBe(TABLE_SYNC.closeUnauthorized);
    const wrongHeader = await connect(`${base}/u1/page-d`, ['nope']);
    expect(await wrongHeader.closed).toBe(TABLE_SYNC.closeUnauthorized);
  });

  it('does not take the identity from the path: a revoked token is refused', async () => {
    const second = await t.login();
    await t.request({ method: 'POST', url: '/sys/logout', token: second });
    const peer = await connect(`${base}/admin/page-e?token=${encodeURIComponent(second)}`);
    expect(await peer.closed).toBe(TABLE_SYNC.closeUnauthorized);
  });

  it('closes with 4400 on a malformed page id', async () => {
    const peer = await connect(`${base}/u1/${'x'.repeat(80)}?token=${encodeURIComponent(token)}`);
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
      const a = await connect(`${await url(one)}/u1/shared?token=${encodeURIComponent(token)}`);
      const b = await connect(`${await url(two)}/u2/shared?token=${encodeURIComponent(token)}`);
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
