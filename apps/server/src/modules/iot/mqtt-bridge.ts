import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { IOT_MESSAGES, IOT_MQTT, type MqttBridgeStatus, type MqttRejectReason } from '@district/shared';
import { alarmPostSchema } from '@district/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { AppConfig } from '../../config.js';
import type { Database, IotDevice } from '../../db/schema.js';
import { ApiError, parse } from '../../lib/http.js';
import type { KvStore } from '../../lib/kv-store.js';
import type { NoticeHub } from '../../plugins/notice-hub.js';
import { admitAlarm, deviceByKey, recordAlarm } from './iot.service.js';

/** The longest pause between two connection attempts: the backoff doubles up to it. */
const MAX_RECONNECT_MS = 30_000;
/**
 * How long the broker keeps this instance's session (subscription and unacknowledged QoS 1 messages) while it is
 * away: a dropped connection picks up what was sent meanwhile. A graceful stop ends the session at once.
 */
const SESSION_EXPIRY_S = 300;

export interface MqttBridgeDeps {
  config: Pick<AppConfig, 'mqttUrl' | 'mqttTopicRoot' | 'mqttShareGroup' | 'mqttReconnectMs'>;
  db: Kysely<Database>;
  kv: KvStore;
  hub: NoticeHub;
  log: FastifyBaseLogger;
}

/** Why a message was refused, with the words logged beside the reason. */
class Refusal extends Error {
  constructor(
    readonly reason: MqttRejectReason,
    message: string,
  ) {
    super(message);
  }
}

/** The topic levels after the root: `{tenant}/devices/{deviceCode}/alarm`. */
function topicParts(root: string, topic: string): { tenant: string; deviceCode: string } | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const levels = topic.slice(root.length + 1).split('/');
  if (levels.length !== 4 || levels[1] !== 'devices' || levels[3] !== 'alarm') return null;
  const [tenant = '', , deviceCode = ''] = levels;
  return tenant && deviceCode ? { tenant, deviceCode } : null;
}

/**
 * Devices over MQTT (issue 26): subscribes to `{root}/+/devices/+/alarm` through a shared subscription and turns
 * each message into the same alarm `POST /iot/alarm` makes (admitAlarm, recordAlarm: bell, 实时告警, history).
 * A message is acknowledged (PUBACK) only once it is handled, and its nonce is claimed in the key-value store, so a
 * redelivery, on this instance or another, is dropped without a second alarm. Nothing in here ever throws out of a
 * handler: refusals are counted and logged at warn.
 */
export class MqttBridge {
  private client: MqttClient | null = null;
  private stopped = false;
  private reconnectMs: number;
  private wasConnected = false;
  private lastError: string | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly stats: Omit<MqttBridgeStatus, 'enabled' | 'connected'> = {
    subscribed: false,
    connects: 0,
    received: 0,
    recorded: 0,
    duplicates: 0,
    rejected: 0,
    rejectedBy: {},
  };
  /** Stable for this instance's life: the broker keeps its session under it across reconnects. */
  readonly clientId = `${os
    .hostname()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 20)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** What devices publish to (`+` for tenant and device code). */
  readonly topicFilter: string;
  /** The subscription: one member of the share group gets each message. */
  readonly subscription: string;

  constructor(private readonly deps: MqttBridgeDeps) {
    this.reconnectMs = deps.config.mqttReconnectMs;
    this.topicFilter = `${deps.config.mqttTopicRoot}/+/devices/+/alarm`;
    this.subscription = `$share/${deps.config.mqttShareGroup}/${this.topicFilter}`;
  }

  /** Connects in the background (the server does not wait for the broker); later failures reconnect. */
  start(): void {
    const url = this.deps.config.mqttUrl;
    if (!url || this.client || this.stopped) return;
    const { log } = this.deps;
    const client = mqtt.connect(url, {
      clientId: `district-assets-${this.clientId}`,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
      reconnectPeriod: this.reconnectMs,
      connectTimeout: 10_000,
      // Subscribed on every connect below, whether or not the broker kept the session.
      resubscribe: false,
    });
    this.client = client;
    // PUBACK goes out when the callback is called: after the alarm is stored (or refused), never before.
    client.handleMessage = (packet, done) => {
      const work = this.handle(packet as IPublishPacket);
      this.pending.add(work);
      void work.finally(() => {
        this.pending.delete(work);
        done();
      });
    };
    client.on('connect', (connack) => {
      this.stats.connects += 1;
      this.wasConnected = true;
      this.lastError = null;
      this.reconnectMs = this.deps.config.mqttReconnectMs;
      client.options.reconnectPeriod = this.reconnectMs;
      log.info({ sessionPresent: connack.sessionPresent }, 'MQTT connected');
      client.subscribe(this.subscription, { qos: 1 }, (error, granted) => {
        const code = granted?.[0]?.qos;
        if (error || code === undefined || code > 2) {
          this.stats.subscribed = false;
          log.warn({ err: error, reasonCode: code }, `MQTT subscription refused: ${this.subscription}`);
          return;
        }
        this.stats.subscribed = true;
        log.info(`MQTT subscribed to ${this.subscription}`);
      });
    });
    client.on('close', () => {
      this.stats.subscribed = false;
      if (this.stopped) return;
      if (this.wasConnected) log.warn('MQTT connection lost; reconnecting');
      this.wasConnected = false;
      // The client reads the period when it schedules the next attempt: back off, up to the ceiling.
      this.reconnectMs = Math.min(this.reconnectMs * 2, MAX_RECONNECT_MS);
      client.options.reconnectPeriod = this.reconnectMs;
    });
    // Each attempt while the broker is away would repeat the same lines: debug, and one warn per distinct error.
    client.on('reconnect', () => log.debug({ nextInMs: this.reconnectMs }, 'MQTT reconnecting'));
    client.on('disconnect', (packet) => log.warn({ reasonCode: packet.reasonCode }, 'MQTT broker sent DISCONNECT'));
    client.on('error', (error) => {
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      log.warn({ err: error }, `MQTT connection error: ${error.message}; retrying with backoff`);
    });
  }

  /** Waits for the messages being handled, then leaves the broker and ends the session (graceful stop). */
  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    if (!client) return;
    await Promise.allSettled([...this.pending]);
    if (client.connected) {
      // The broker forgets this instance's session: messages go to the share group's other members.
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } }).catch(() => undefined);
    } else {
      await client.endAsync(true).catch(() => undefined);
    }
    this.stats.subscribed = false;
    this.deps.log.info('MQTT bridge stopped');
  }

  status(): MqttBridgeStatus {
    return {
      ...this.stats,
      rejectedBy: { ...this.stats.rejectedBy },
      enabled: Boolean(this.deps.config.mqttUrl),
      connected: Boolean(this.client?.connected),
    };
  }

  /** The client, for tests that cut its connection. */
  get mqttClient(): MqttClient | null {
    return this.client;
  }

  private async handle(packet: IPublishPacket): Promise<void> {
    this.stats.received += 1;
    const { topic } = packet;
    try {
      const outcome = await this.admitAndRecord(topic, packet.payload);
      if (outcome === 'duplicate') {
        this.stats.duplicates += 1;
        this.deps.log.debug({ topic }, 'MQTT alarm already recorded (redelivery); dropped');
      } else {
        this.stats.recorded += 1;
      }
    } catch (error) {
      const refusal =
        error instanceof Refusal
          ? error
          : new Refusal('failed', error instanceof Error ? error.message : String(error));
      this.stats.rejected += 1;
      this.stats.rejectedBy[refusal.reason] = (this.stats.rejectedBy[refusal.reason] ?? 0) + 1;
      this.deps.log.warn(
        { topic, reason: refusal.reason, ...(refusal.reason === 'failed' ? { err: error } : {}) },
        `MQTT alarm refused (${refusal.reason}): ${refusal.message}`,
      );
    }
  }

  private async admitAndRecord(topic: string, payload: Buffer | string): Promise<'recorded' | 'duplicate'> {
    const { db, kv, hub, config } = this.deps;
    const parts = topicParts(config.mqttTopicRoot, topic);
    if (!parts) throw new Refusal('badTopic', '主题不是 {tenant}/devices/{deviceCode}/alarm');
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size > IOT_MQTT.maxPayloadBytes)
      throw new Refusal('tooBig', `消息 ${size} 字节，超过 ${IOT_MQTT.maxPayloadBytes} 字节`);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      throw new Refusal('notJson', '消息不是 JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Refusal('notJson', '消息不是 JSON 对象');
    }
    const { key, ...rest } = body as Record<string, unknown>;
    let device: IotDevice;
    try {
      device = await deviceByKey(db, key);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw new Refusal('wrongKey', IOT_MESSAGES.wrongKey);
      throw error;
    }
    const tenant = device.tenantId === null ? IOT_MQTT.noTenant : String(device.tenantId);
    if (parts.tenant !== tenant || parts.deviceCode !== device.deviceId) {
      throw new Refusal('topicMismatch', '主题中的租户或设备编号与密钥所属设备不符');
    }
    // The topic names the device: the body may leave its deviceId out.
    const input = refuseAs('invalid', () => parse(alarmPostSchema, { deviceId: parts.deviceCode, ...rest }));
    let nonceKey: string;
    try {
      nonceKey = await admitAlarm(kv, device, input);
    } catch (error) {
      if (error instanceof ApiError) {
        // The nonce was claimed by an earlier delivery of this message (QoS 1 redelivers after a reconnect).
        if (error.status === 409) return 'duplicate';
        if (error.status === 429) throw new Refusal('rateLimited', error.message);
        if (error.status === 401) throw new Refusal('topicMismatch', '消息中的设备编号与密钥所属设备不符');
        if (error.status === 400) throw new Refusal('timestamp', error.message);
      }
      throw error;
    }
    try {
      await recordAlarm(db, hub, device, input);
    } catch (error) {
      // Not stored: the nonce is released so the device's resend is taken (the message itself is acknowledged).
      await kv.del(nonceKey).catch(() => undefined);
      throw error;
    }
    return 'recorded';
  }
}

function refuseAs<T>(reason: MqttRejectReason, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ApiError) throw new Refusal(reason, error.message);
    throw error;
  }
}
