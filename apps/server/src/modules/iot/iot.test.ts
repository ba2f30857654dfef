import { createRequire } from 'node:module';
import { DEVICE_KEY_HEADER, GUEST_CREDENTIALS, IOT_API, IOT_MESSAGES, SOCKET_PROTOCOL } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Client {
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const WebSocketClient = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Client;

describe.each(targets)('IoT devices and alarms on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let deviceId: string;
  let key: string;
  let base: string;
  const call = (method: Method, url: string, payload?: object, token: string | null = admin) =>
    t.request({ method, url, token, tenant: 1001, payload });
  const db = () => t.app.ctx.db.db;
  const post = (body: object, deviceKey: string | null) =>
    t.request({
      method: 'POST',
      url: IOT_API.alarm,
      payload: body,
      headers: deviceKey ? { [DEVICE_KEY_HEADER]: deviceKey } : {},
    });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    adminId = (await db().selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    const added = await call('POST', `${IOT_API.device}/add`, {
      deviceId: 'SMOKE-001',
      deviceName: '一号楼烟感',
      type: 'smoke',
      location: '一号楼三层',
      longitude: 104.08,
      latitude: 30.65,
    });
    expect(added.statusCode).toBe(200);
    deviceId = added.json().result.id as string;
    const res = await call('POST', `${IOT_API.deviceKey}?id=${deviceId}`);
    key = res.json().result.key as string;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address.replace('http', 'ws')}${t.config.apiBase}/websocket`;
  }, 60_000);
  afterAll(async () => t?.close());

  it('keeps only the key’s hash and never answers it', async () => {
    expect(key.length).toBeGreaterThanOrEqual(40);
    const row = await db().selectFrom('iotDevice').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(row.keyHash).not.toContain(key);
    const listed = (await call('GET', `${IOT_API.device}/list`)).json().result.records;
    expect(JSON.stringify(listed)).not.toContain(row.keyHash!);
    expect(
      (await call('POST', `${IOT_API.device}/add`, { deviceId: 'SMOKE-001', deviceName: 'x' })).json().message,
    ).toBe(IOT_MESSAGES.deviceIdTaken);
  });

  it('refuses a wrong or missing key with 401 and stores nothing', async () => {
    const before = (await db().selectFrom('iotAlarm').select('id').execute()).length;
    const body = { deviceId: 'SMOKE-001', level: '3', message: '烟雾浓度超标' };
    for (const res of [
      await post(body, 'wrong-key'),
      await post(body, null),
      await post({ ...body, deviceId: 'NO-SUCH' }, key),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([401, IOT_MESSAGES.wrongKey]);
    }
    expect((await post({ ...body, level: '9' }, key)).statusCode).toBe(400);
    expect((await post({ ...body, message: '' }, key)).statusCode).toBe(400);
    expect((await db().selectFrom('iotAlarm').select('id').execute()).length).toBe(before);
  });

  it('records an alarm, pushes it to the tenant’s sockets, and it is acknowledged then handled', async () => {
    const client = new WebSocketClient(`${base}/${adminId}`, [SOCKET_PROTOCOL, admin]);
    const messages: Record<string, unknown>[] = [];
    client.on('message', (d) => messages.push(JSON.parse(d.toString()) as Record<string, unknown>));
    await new Promise<void>((resolve, reject) => {
      client.on('open', () => resolve());
      client.on('error', reject);
    });
    const res = await post({ deviceId: 'SMOKE-001', level: '3', message: '烟雾浓度超标' }, key);
    expect(res.statusCode).toBe(200);
    const alarmId = res.json().result.id as string;
    const until = Date.now() + 3000;
    while (!messages.some((m) => m.msgId === alarmId) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    const pushed = messages.find((m) => m.msgId === alarmId)!;
    expect(pushed).toMatchObject({ cmd: 'alarm', data: { deviceName: '一号楼烟感', level: '3', longitude: 104.08 } });
    client.close();

    const live = (await call('GET', IOT_API.live)).json().result;
    expect(live[0]).toMatchObject({ id: alarmId, action: '0', deviceCode: 'SMOKE-001' });
    const device = await db().selectFrom('iotDevice').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.onlineStatus).toBe(1);

    expect((await call('PUT', IOT_API.acknowledge, { id: alarmId })).json().message).toBe(IOT_MESSAGES.acknowledged);
    expect((await call('PUT', IOT_API.acknowledge, { id: alarmId })).json().message).toBe(IOT_MESSAGES.notNew);
    expect((await call('GET', IOT_API.live)).json().result[0].action).toBe('1');
    expect((await call('PUT', IOT_API.handle, { id: alarmId, note: '已排查，误报' })).statusCode).toBe(200);
    expect((await call('GET', IOT_API.live)).json().result.map((a: { id: string }) => a.id)).not.toContain(alarmId);
    const stored = await db().selectFrom('iotAlarm').selectAll().where('id', '=', alarmId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ action: '2', handleNote: '已排查，误报', handleBy: '系统管理员' });
    // Another tenant sees none of it.
    expect((await call('GET', IOT_API.live, undefined, admin).then((r) => r)).statusCode).toBe(200);
    const other = await t.request({ method: 'GET', url: IOT_API.live, token: admin, tenant: 1002 });
    expect(other.json().result).toEqual([]);
  });

  it('a new key replaces the old one', async () => {
    const fresh = (await call('POST', `${IOT_API.deviceKey}?id=${deviceId}`)).json().result.key as string;
    expect((await post({ deviceId: 'SMOKE-001', level: '1', message: 'x' }, key)).statusCode).toBe(401);
    expect((await post({ deviceId: 'SMOKE-001', level: '1', message: 'x' }, fresh)).statusCode).toBe(200);
    key = fresh;
  });

  it('keeps the guest and users without the right out', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      for (const [method, url] of [
        ['GET', `${IOT_API.device}/list`],
        ['POST', `${IOT_API.deviceKey}?id=${deviceId}`],
        ['GET', IOT_API.live],
        ['PUT', IOT_API.acknowledge],
        ['GET', IOT_API.alarmList],
      ] as const) {
        expect((await call(method, url, {}, token)).statusCode).toBe(403);
      }
    }
  });
});
