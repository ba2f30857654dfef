import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  ALARM_LIMITS,
  DEVICE_KEY_HEADER,
  GUEST_CREDENTIALS,
  IOT_API,
  IOT_MESSAGES,
  SOCKET_PROTOCOL,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { hashDeviceKey, newDeviceKey } from '../../lib/device-key.js';

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
  /** A device's request: a fresh timestamp and nonce unless the body brings its own. */
  const post = (body: object, deviceKey: string | null) =>
    t.request({
      method: 'POST',
      url: IOT_API.alarm,
      payload: { timestamp: Date.now(), nonce: randomUUID(), ...body },
      headers: deviceKey ? { [DEVICE_KEY_HEADER]: deviceKey } : {},
    });
  const alarmCount = async () => (await db().selectFrom('iotAlarm').select('id').execute()).length;

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

  it('attaches a device to an asset and answers the asset’s name beside its id', async () => {
    const assetId = `asset-${randomUUID().slice(0, 8)}`;
    await db()
      .insertInto('bizAsset')
      .values({
        id: assetId,
        code: 'IOT-A1',
        name: '政务中心大楼',
        categoryId: 'cat',
        status: 'in_use',
        published: 0,
        version: 0,
        delFlag: 0,
        tenantId: 1001,
      } as never)
      .execute();
    const added = await call('POST', `${IOT_API.device}/add`, {
      deviceId: 'ASSET-001',
      deviceName: '大楼水表',
      assetId,
    });
    expect(added.statusCode).toBe(200);
    const listed = (await call('GET', `${IOT_API.device}/list?deviceId=ASSET-001`)).json().result.records;
    expect(listed[0]).toMatchObject({ assetId, assetId_dictText: '政务中心大楼' });
    const unknown = await call('POST', `${IOT_API.device}/add`, {
      deviceId: 'ASSET-002',
      deviceName: 'x',
      assetId: 'nope',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, IOT_MESSAGES.assetUnknown]);
  });

  it('keeps one device of a number when adds race, the others told the number is taken', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', `${IOT_API.device}/add`, { deviceId: 'RACE-001', deviceName: `并发设备${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    // Whether a loser was stopped by the check or by the unique index, the device's own message answers it.
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe(IOT_MESSAGES.deviceIdTaken);
    }
    const rows = await db().selectFrom('iotDevice').select('id').where('deviceId', '=', 'RACE-001').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong or missing key with 401 and stores nothing', async () => {
    const before = await alarmCount();
    const body = { deviceId: 'SMOKE-001', level: '3', message: '烟雾浓度超标' };
    for (const res of [
      await post(body, 'wrong-key'),
      await post(body, null),
      await post({ ...body, deviceId: 'NO-SUCH' }, key),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([401, IOT_MESSAGES.wrongKey]);
    }
    expect((await post({ ...body, level: '9' }, key)).statusCode).toBe(400);
    expect((await post({ ...body, level: 9 }, key)).statusCode).toBe(400);
    expect((await post({ ...body, level: 2.5 }, key)).statusCode).toBe(400);
    expect((await post({ ...body, message: '' }, key)).statusCode).toBe(400);
    expect(await alarmCount()).toBe(before);
  });

  it('takes the level as a JSON number 1–3 as well as its text', async () => {
    const res = await post({ deviceId: 'SMOKE-001', level: 3, message: '烟雾浓度超标（数字级别）' }, key);
    expect(res.statusCode).toBe(200);
    const row = await db()
      .selectFrom('iotAlarm')
      .select('level')
      .where('id', '=', res.json().result.id)
      .executeTakeFirst();
    expect(row?.level).toBe('3');
    // Not left live: the next test reads the newest live alarm.
    await db().deleteFrom('iotAlarm').where('id', '=', res.json().result.id).execute();
  });

  it('checks the key before the body: a wrong key with a bad body is still 401', async () => {
    const raw = (payload: string, deviceKey: string | null, contentType = 'application/json') =>
      t.request({
        method: 'POST',
        url: IOT_API.alarm,
        payload,
        headers: { 'content-type': contentType, ...(deviceKey ? { [DEVICE_KEY_HEADER]: deviceKey } : {}) },
      });
    for (const res of [
      await post({ deviceId: 'SMOKE-001', level: '9', message: '' }, 'wrong-key'),
      await post({ level: '3' }, 'wrong-key'),
      await post({ deviceId: 'SMOKE-001', level: '3', message: 'x', timestamp: 'soon', nonce: '' }, null),
      await post({ deviceId: 'SMOKE-001', level: '3', message: 'x', extra: true }, 'wrong-key'),
      await raw('{not json', 'wrong-key'),
      await raw('{not json', null),
      await raw('level=3', 'wrong-key', 'text/plain'),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([401, IOT_MESSAGES.wrongKey]);
    }
    // With the right key the same bodies are the device's mistake.
    expect((await raw('{not json', key)).statusCode).toBe(400);
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
    // The history answers the confirm and handle times, and filters by the device's name or number, partly.
    const history = (
      await call('GET', `${IOT_API.alarm}/list?device=${encodeURIComponent('一号楼')}&pageSize=100`)
    ).json().result.records as Record<string, unknown>[];
    expect(history.find((a) => a.id === alarmId)).toMatchObject({ deviceId_dictText: '一号楼烟感' });
    expect(history.find((a) => a.id === alarmId)?.ackTime).toBeTruthy();
    expect(history.find((a) => a.id === alarmId)?.handleTime).toBeTruthy();
    const byCode = (await call('GET', `${IOT_API.alarm}/list?device=SMOKE-0&pageSize=100`)).json().result.records;
    expect(byCode.map((a: { id: string }) => a.id)).toContain(alarmId);
    const none = (await call('GET', `${IOT_API.alarm}/list?device=${encodeURIComponent('无此设备%')}`)).json().result;
    expect(none.records).toEqual([]);
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

  it('refuses a replayed request (same nonce) and a timestamp outside ±5 minutes, storing nothing', async () => {
    const body = { deviceId: 'SMOKE-001', level: '2', message: '温度偏高' };
    const once = { ...body, timestamp: Date.now(), nonce: 'msg-0001' };
    expect((await post(once, key)).statusCode).toBe(200);
    const before = await alarmCount();
    const replay = await post(once, key);
    expect([replay.statusCode, replay.json().message]).toEqual([409, IOT_MESSAGES.replayed]);
    // A new timestamp does not make an old nonce new.
    expect((await post({ ...once, timestamp: Date.now() + 1000 }, key)).statusCode).toBe(409);

    for (const timestamp of [
      Date.now() - ALARM_LIMITS.clockSkewMs - 5_000,
      Date.now() + ALARM_LIMITS.clockSkewMs + 5_000,
    ]) {
      const res = await post({ ...body, timestamp }, key);
      expect([res.statusCode, res.json().message]).toEqual([400, IOT_MESSAGES.timestampSkew]);
    }
    // Seconds instead of milliseconds read as 1970: refused, not trusted.
    expect((await post({ ...body, timestamp: Math.floor(Date.now() / 1000) }, key)).json().message).toBe(
      IOT_MESSAGES.timestampSkew,
    );
    const missing = (field: 'timestamp' | 'nonce') =>
      t.request({
        method: 'POST',
        url: IOT_API.alarm,
        payload: { ...body, timestamp: Date.now(), nonce: randomUUID(), [field]: undefined },
        headers: { [DEVICE_KEY_HEADER]: key },
      });
    expect([(await missing('timestamp')).statusCode, (await missing('timestamp')).json().message]).toEqual([
      400,
      IOT_MESSAGES.timestampRequired,
    ]);
    expect((await missing('nonce')).json().message).toBe(IOT_MESSAGES.nonceRequired);
    expect((await post({ ...body, nonce: 'has space' }, key)).json().message).toBe(IOT_MESSAGES.nonceRequired);
    expect(await alarmCount()).toBe(before);
    // The timestamp may be sent as its digits.
    expect((await post({ ...body, timestamp: String(Date.now()) }, key)).statusCode).toBe(200);
  });

  it('limits each device to its alarms per minute (429), leaving other devices alone', async () => {
    const added = await call('POST', `${IOT_API.device}/add`, {
      deviceId: 'CHATTY-001',
      deviceName: '频繁上报的传感器',
    });
    const chattyId = added.json().result.id as string;
    const chattyKey = (await call('POST', `${IOT_API.deviceKey}?id=${chattyId}`)).json().result.key as string;
    const body = { deviceId: 'CHATTY-001', level: '1', message: '心跳' };
    for (let i = 0; i < ALARM_LIMITS.perMinute; i += 1) expect((await post(body, chattyKey)).statusCode).toBe(200);
    const before = await alarmCount();
    const refused = await post(body, chattyKey);
    expect([refused.statusCode, refused.json().message]).toEqual([429, IOT_MESSAGES.tooManyAlarms]);
    expect(await alarmCount()).toBe(before);
    expect((await post({ deviceId: 'SMOKE-001', level: '1', message: '正常' }, key)).statusCode).toBe(200);
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

const redisTarget = targets.find((target) => target.name === 'sqlite+redis');

describe.runIf(redisTarget)('device alarms across two instances (Redis)', () => {
  it('a request replayed to the other instance is refused, and the rate is counted across both', async () => {
    const prefix = `da_t_iot_${process.pid}_${Date.now()}:`;
    const one = await startApp(redisTarget!, { redisPrefix: prefix });
    const two = await startApp(redisTarget!, { redisPrefix: prefix });
    try {
      // The same device in both databases (as it would be in the one shared database of a cluster).
      const key = newDeviceKey();
      for (const t of [one, two]) {
        await t.app.ctx.db.db
          .insertInto('iotDevice')
          .values({
            id: 'dev-shared-1',
            deviceId: 'SHARED-001',
            deviceName: '共享设备',
            onlineStatus: 0,
            keyHash: hashDeviceKey(key),
            tenantId: 1001,
            delFlag: 0,
          } as never)
          .execute();
      }
      const post = (t: TestApp, nonce: string) =>
        t.request({
          method: 'POST',
          url: IOT_API.alarm,
          payload: { deviceId: 'SHARED-001', level: '3', message: '烟雾', timestamp: Date.now(), nonce },
          headers: { [DEVICE_KEY_HEADER]: key },
        });
      expect((await post(one, 'n-1')).statusCode).toBe(200);
      const replay = await post(two, 'n-1');
      expect([replay.statusCode, replay.json().message]).toEqual([409, IOT_MESSAGES.replayed]);
      for (let i = 2; i < ALARM_LIMITS.perMinute; i += 1) {
        expect((await post(i % 2 ? one : two, `n-${i}`)).statusCode).toBe(200);
      }
      expect((await post(two, 'n-last')).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
});
