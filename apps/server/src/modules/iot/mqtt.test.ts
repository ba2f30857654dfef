import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import { IOT_API, SOCKET_PROTOCOL, type LiveAlarm, type MqttBridgeStatus } from '@district/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../config.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { mqttBridgeOf } from './iot.routes.js';

/*
 * Devices over MQTT against a real broker (Mosquitto on 127.0.0.1:1883, or TEST_MQTT_URL). Each run uses a topic
 * root and share group of its own, so other runs and servers on the same broker neither see nor take its messages.
 */
const BROKER_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function brokerAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 1883, timeout: 1000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const brokerUp = await brokerAnswers(BROKER_URL);
/** Messages the bridge has finished with (recorded, dropped as a repeat, or refused). */
const handled = (s: MqttBridgeStatus) => s.recorded + s.duplicates + s.rejected;
if (!brokerUp) console.warn(`mqtt.test.ts skipped: no MQTT broker answers at ${BROKER_URL}`);

interface Socket {
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const WebSocketClient = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Socket;

/** Polls until `check` answers something truthy, or fails after a few seconds. */
async function until<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(brokerUp)('devices over MQTT (real broker)', () => {
  const run = randomBytes(4).toString('hex');
  const mqttConfig: Partial<AppConfig> = {
    mqttUrl: BROKER_URL,
    mqttTopicRoot: `test-${run}/district`,
    mqttShareGroup: `test-${run}`,
    mqttReconnectMs: 200,
  };
  let t: TestApp;
  let admin: string;
  let publisher: MqttClient;
  let device: { id: string; code: string; key: string };
  const db = () => t.app.ctx.db.db;
  const bridge = (app: TestApp = t) => mqttBridgeOf(app.app.ctx)!;
  const topic = (code: string, tenant: string | number = 1001) =>
    `${mqttConfig.mqttTopicRoot}/${tenant}/devices/${code}/alarm`;
  const publish = (to: string, payload: object | string | Buffer) =>
    publisher.publishAsync(
      to,
      typeof payload === 'object' && !Buffer.isBuffer(payload) ? JSON.stringify(payload) : payload,
      {
        qos: 1,
      },
    );
  /** A device's alarm message: the HTTP body plus its key, with a fresh timestamp and nonce. */
  const alarm = (message: string, extra: object = {}) => ({
    key: device.key,
    level: '3',
    message,
    timestamp: Date.now(),
    nonce: randomUUID(),
    ...extra,
  });
  const alarmsWith = async (message: string) =>
    db().selectFrom('iotAlarm').select(['id', 'deviceId']).where('message', '=', message).execute();
  const alarmCount = async () => (await db().selectFrom('iotAlarm').select('id').execute()).length;
  const status = async () =>
    (await t.request({ method: 'GET', url: IOT_API.mqttStatus, token: admin, tenant: 1001 })).json()
      .result as MqttBridgeStatus;
  const subscribed = (app: TestApp) => until(() => bridge(app).status().subscribed, 'the subscription');

  async function addDevice(code: string, name: string) {
    const call = (url: string, payload?: object) =>
      t.request({ method: 'POST', url, token: admin, tenant: 1001, payload });
    const added = await call(`${IOT_API.device}/add`, { deviceId: code, deviceName: name, location: '二号楼一层' });
    expect(added.statusCode).toBe(200);
    const id = added.json().result.id as string;
    const key = (await call(`${IOT_API.deviceKey}?id=${id}`)).json().result.key as string;
    return { id, code, key };
  }

  beforeAll(async () => {
    t = await startApp(targets[0]!, mqttConfig);
    admin = await t.login();
    device = await addDevice(`MQ-${run}`, '二号楼水浸');
    publisher = await mqtt.connectAsync(BROKER_URL, { protocolVersion: 5, clientId: `test-pub-${run}` });
    await subscribed(t);
  }, 60_000);
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
  });

  it('turns a published alarm into the HTTP endpoint’s alarm: bell, 实时告警 and history', async () => {
    const { id: adminId } = await db()
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocketClient(`${address.replace('http', 'ws')}${t.config.apiBase}/websocket/${adminId}`, [
      SOCKET_PROTOCOL,
      admin,
    ]);
    const pushed: Record<string, unknown>[] = [];
    socket.on('message', (d) => pushed.push(JSON.parse(d.toString()) as Record<string, unknown>));
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    try {
      // deviceId may be left out: the topic names the device.
      await publish(topic(device.code), alarm('地下室进水'));
      const bell = await until(() => pushed.find((m) => m.cmd === 'alarm'), 'the bell’s push');
      expect(bell).toMatchObject({ msgTxt: '地下室进水', data: { deviceName: '二号楼水浸', level: '3' } });
    } finally {
      socket.close();
    }
    const live = (await t.request({ method: 'GET', url: IOT_API.live, token: admin, tenant: 1001 })).json()
      .result as LiveAlarm[];
    expect(live.find((a) => a.message === '地下室进水')).toMatchObject({
      deviceCode: device.code,
      deviceName: '二号楼水浸',
      location: '二号楼一层',
      action: '0',
    });
    const history = (
      await t.request({ method: 'GET', url: `${IOT_API.alarm}/list?pageSize=100`, token: admin, tenant: 1001 })
    ).json().result.records as Record<string, unknown>[];
    expect(history.find((a) => a.message === '地下室进水')).toMatchObject({ deviceId_dictText: '二号楼水浸' });
    // Another tenant's live list does not show it.
    const other = await t.request({ method: 'GET', url: IOT_API.live, token: admin, tenant: 1002 });
    expect(other.json().result).toEqual([]);
    const stored = await db()
      .selectFrom('iotDevice')
      .select('onlineStatus')
      .where('id', '=', device.id)
      .executeTakeFirst();
    expect(stored?.onlineStatus).toBe(1);
  });

  it('counts bad payloads by reason, stores nothing of them, and keeps taking good ones', async () => {
    const before = await status();
    const count = await alarmCount();
    const other = await addDevice(`MQ2-${run}`, '三号楼门磁');
    const bad: [string, object | string | Buffer][] = [
      [topic(device.code), '{not json'],
      [topic(device.code), Buffer.alloc(5000, 'x')],
      [topic(device.code), alarm('密钥错误', { key: 'wrong-key' })],
      [topic(device.code), alarm('级别错误', { level: '9' })],
      [topic(device.code), alarm('多余字段', { extra: true })],
      // The key is right, but the topic names another device, another tenant, or the body another device.
      [topic(other.code), alarm('设备不符')],
      [topic(device.code, 1002), alarm('租户不符')],
      [topic(device.code), alarm('正文设备不符', { deviceId: other.code })],
      [topic(device.code), alarm('时间戳过旧', { timestamp: Date.now() - 10 * 60_000 })],
    ];
    for (const [to, payload] of bad) await publish(to, payload);
    const after = await until(async () => {
      const s = await status();
      return s.rejected - before.rejected >= bad.length ? s : null;
    }, 'the refusals to be counted');
    const grew = (reason: keyof MqttBridgeStatus['rejectedBy']) =>
      (after.rejectedBy[reason] ?? 0) - (before.rejectedBy[reason] ?? 0);
    expect({
      notJson: grew('notJson'),
      tooBig: grew('tooBig'),
      wrongKey: grew('wrongKey'),
      invalid: grew('invalid'),
      topicMismatch: grew('topicMismatch'),
      timestamp: grew('timestamp'),
    }).toEqual({ notJson: 1, tooBig: 1, wrongKey: 1, invalid: 2, topicMismatch: 3, timestamp: 1 });
    expect(after.recorded).toBe(before.recorded);
    expect(await alarmCount()).toBe(count);
    // Nothing crashed: the bridge is still connected and the next good alarm is recorded.
    expect(after.connected).toBe(true);
    await publish(topic(device.code), alarm('坏消息之后的告警'));
    await until(async () => (await alarmsWith('坏消息之后的告警')).length === 1, 'the good alarm');
  });

  it('records a message published twice with the same nonce once, and drops the repeat silently', async () => {
    const before = bridge().status();
    const once = alarm('重复投递的告警');
    await publish(topic(device.code), once);
    await publish(topic(device.code), once);
    await until(() => handled(bridge().status()) - handled(before) >= 2, 'both deliveries');
    expect(await alarmsWith('重复投递的告警')).toHaveLength(1);
    const after = bridge().status();
    expect([after.recorded - before.recorded, after.duplicates - before.duplicates]).toEqual([1, 1]);
    expect(after.rejected).toBe(before.rejected);
  });

  it('turns one message into one alarm when two instances on one database share the subscription', async () => {
    const second = await startApp(targets[0]!, { ...mqttConfig, databaseUrl: t.config.databaseUrl });
    try {
      await subscribed(second);
      const before = [bridge(t).status().received, bridge(second).status().received];
      const messages = ['双实例告警一', '双实例告警二', '双实例告警三', '双实例告警四'];
      for (const message of messages) await publish(topic(device.code), alarm(message));
      await until(
        async () => (await Promise.all(messages.map(alarmsWith))).every((rows) => rows.length === 1),
        'the four alarms',
      );
      // Each message reached one instance: four deliveries in all, not eight, and no alarm twice.
      await new Promise((r) => setTimeout(r, 300));
      const received = bridge(t).status().received - before[0]! + (bridge(second).status().received - before[1]!);
      expect(received).toBe(messages.length);
      for (const message of messages) expect(await alarmsWith(message)).toHaveLength(1);
    } finally {
      await second.close();
    }
    // Closing the app leaves the broker (and ends its session there).
    expect(bridge(second).mqttClient?.disconnected).toBe(true);
  }, 60_000);

  it('reconnects and resubscribes after the broker drops its connection, and the next alarm arrives', async () => {
    const connects = bridge().status().connects;
    // Another client with the bridge's client id: the broker disconnects the bridge (session takeover).
    const intruder = await mqtt.connectAsync(BROKER_URL, {
      protocolVersion: 5,
      clientId: bridge().mqttClient!.options.clientId,
      clean: true,
      reconnectPeriod: 0,
    });
    await until(() => !bridge().status().connected, 'the bridge to be disconnected');
    await intruder.endAsync(true);
    await until(() => {
      const s = bridge().status();
      return s.connects > connects && s.subscribed;
    }, 'the reconnect and the subscription');
    await publish(topic(device.code), alarm('重连之后的告警'));
    await until(async () => (await alarmsWith('重连之后的告警')).length === 1, 'the alarm after the reconnect');
  });
});

describe('devices over MQTT, configuration', () => {
  it('is off by default and refuses a URL or topic that would subscribe elsewhere', () => {
    expect(loadConfig({})).toMatchObject({
      mqttUrl: null,
      mqttTopicRoot: 'district',
      mqttShareGroup: 'district-assets',
      mqttReconnectMs: 1000,
    });
    expect(loadConfig({ MQTT_URL: 'mqtt://u:p@broker:1883', MQTT_TOPIC_ROOT: '/site-a/district/' })).toMatchObject({
      mqttUrl: 'mqtt://u:p@broker:1883',
      mqttTopicRoot: 'site-a/district',
    });
    expect(() => loadConfig({ MQTT_URL: 'http://broker:1883' })).toThrow('MQTT_URL');
    for (const root of ['district/+', 'district/#', 'a//b']) {
      expect(() => loadConfig({ MQTT_TOPIC_ROOT: root })).toThrow('MQTT_TOPIC_ROOT');
    }
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow('MQTT_SHARE_GROUP');
    // The password in the URL is never echoed in the error.
    expect(() => loadConfig({ MQTT_URL: 'http://u:secret@broker' })).not.toThrow('secret');
  });
});

describe('devices over MQTT, off', () => {
  it('attempts no connection without MQTT_URL and says so', async () => {
    const t = await startApp(targets[0]!, { mqttUrl: null });
    try {
      expect(mqttBridgeOf(t.app.ctx)?.mqttClient).toBeNull();
      const token = await t.login();
      const res = await t.request({ method: 'GET', url: IOT_API.mqttStatus, token, tenant: 1001 });
      expect(res.json().result).toMatchObject({ enabled: false, connected: false, received: 0 });
    } finally {
      await t.close();
    }
  }, 60_000);
});

const redisTarget = targets.find((target) => target.name === 'sqlite+redis');

describe.runIf(brokerUp && redisTarget)('devices over MQTT in a cluster (Redis)', () => {
  it('records a message delivered to both instances once, and rings the bell on both', async () => {
    const run = randomBytes(4).toString('hex');
    const shared: Partial<AppConfig> = {
      mqttUrl: BROKER_URL,
      mqttTopicRoot: `test-${run}/district`,
      mqttShareGroup: `test-${run}`,
      mqttReconnectMs: 200,
      redisPrefix: `da_t_mqtt_${process.pid}_${run}:`,
    };
    const one = await startApp(redisTarget!, shared);
    const two = await startApp(redisTarget!, { ...shared, databaseUrl: one.config.databaseUrl });
    const publisher = await mqtt.connectAsync(BROKER_URL, { protocolVersion: 5, clientId: `test-pub-${run}` });
    const sockets: Socket[] = [];
    try {
      const admin = await one.login();
      const call = (url: string) => one.request({ method: 'POST', url, token: admin, tenant: 1001 });
      const added = await one.request({
        method: 'POST',
        url: `${IOT_API.device}/add`,
        token: admin,
        tenant: 1001,
        payload: { deviceId: `MQC-${run}`, deviceName: '集群烟感' },
      });
      const key = (await call(`${IOT_API.deviceKey}?id=${added.json().result.id}`)).json().result.key as string;
      const { id: adminId } = await one.app.ctx.db.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      // A bell on each instance (the session lives in Redis, so one token serves both).
      const pushes: Record<string, unknown>[][] = [];
      for (const t of [one, two]) {
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const socket = new WebSocketClient(`${address.replace('http', 'ws')}${t.config.apiBase}/websocket/${adminId}`, [
          SOCKET_PROTOCOL,
          admin,
        ]);
        const seen: Record<string, unknown>[] = [];
        socket.on('message', (d) => seen.push(JSON.parse(d.toString()) as Record<string, unknown>));
        await new Promise<void>((resolve, reject) => {
          socket.on('open', () => resolve());
          socket.on('error', reject);
        });
        sockets.push(socket);
        pushes.push(seen);
      }
      for (const t of [one, two]) await until(() => mqttBridgeOf(t.app.ctx)!.status().subscribed, 'the subscription');
      const topic = `${shared.mqttTopicRoot}/1001/devices/MQC-${run}/alarm`;
      const body = (message: string, nonce = randomUUID()) =>
        JSON.stringify({ key, level: '2', message, timestamp: Date.now(), nonce });
      // The same message six times: the share group spreads the copies over both instances; the nonce's claim in
      // Redis lets one of them through.
      const repeated = body('集群重复告警');
      for (let i = 0; i < 6; i += 1) await publisher.publishAsync(topic, repeated, { qos: 1 });
      const messages = ['集群告警一', '集群告警二', '集群告警三', '集群告警四'];
      for (const message of messages) await publisher.publishAsync(topic, body(message), { qos: 1 });
      const stats = () => [one, two].map((t) => mqttBridgeOf(t.app.ctx)!.status());
      await until(() => stats().reduce((n, s) => n + handled(s), 0) >= 10, 'ten deliveries');
      const rows = await one.app.ctx.db.db.selectFrom('iotAlarm').select('message').execute();
      expect(rows.map((r) => r.message).sort()).toEqual(['集群重复告警', ...messages].sort());
      expect(stats().reduce((n, s) => n + s.duplicates, 0)).toBe(5);
      // Whichever instance recorded an alarm, the users on both hear of it.
      for (const seen of pushes) {
        await until(
          () => [...messages, '集群重复告警'].every((m) => seen.some((p) => p.cmd === 'alarm' && p.msgTxt === m)),
          'the bell on both instances',
        );
      }
    } finally {
      for (const socket of sockets) socket.close();
      await publisher.endAsync();
      await two.close();
      await one.close();
    }
  }, 60_000);
});
