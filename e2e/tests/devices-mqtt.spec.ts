import net from 'node:net';
import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { ADMIN, buttonName, signIn, token, uniqueSuffix } from './helpers';

/** The demo smoke detector of tenant 1001 and its documented key (apps/server/src/db/seeds/message.seed.ts). */
const DEMO_DEVICE = { deviceId: 'DEMO-SMOKE-01', key: 'demo-device-key-2026', tenant: 1001 };
const BROKER = process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PORT = Number(process.env.E2E_PORT ?? 18080);

const brokerAnswers = () =>
  new Promise<boolean>((resolve) => {
    const url = new URL(BROKER);
    const socket = net.connect({ host: url.hostname, port: Number(url.port) || 1883, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

test('an alarm a device publishes to the MQTT broker reaches the header at once and is handled on the map', async ({
  page,
}) => {
  test.skip(!(await brokerAnswers()), `no MQTT broker answers at ${BROKER}`);
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  const indicator = page.getByRole('button', { name: '设备告警' });
  await expect(indicator).toBeVisible();

  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  try {
    const message = `水浸报警E2E${uniqueSuffix()}`;
    const topic = `e2e-${PORT}/${DEMO_DEVICE.tenant}/devices/${DEMO_DEVICE.deviceId}/alarm`;
    await client.publishAsync(
      topic,
      JSON.stringify({
        key: DEMO_DEVICE.key,
        level: '2',
        message,
        timestamp: Date.now(),
        nonce: `mqtt-${uniqueSuffix()}`,
      }),
      { qos: 1 },
    );
    // Pushed to the open page (no reload): the indicator counts it.
    await expect(indicator).toContainText(/[1-9]/, { timeout: 5_000 });
    await indicator.click();
    await page.waitForURL('**/asset/map');
    const alarm = page.getByTestId('live-alarm').filter({ hasText: message });
    await expect(alarm).toContainText('锦江区政务中心烟感');
    await alarm.getByRole('button', { name: buttonName('确认') }).click();
    await expect(alarm).toContainText('已确认');

    // A message with a wrong key makes no alarm.
    const forged = `伪造报警E2E${uniqueSuffix()}`;
    await client.publishAsync(
      topic,
      JSON.stringify({
        key: 'not-the-key',
        level: '3',
        message: forged,
        timestamp: Date.now(),
        nonce: `mqtt-${uniqueSuffix()}`,
      }),
      { qos: 1 },
    );
    // Refused and counted by reason, which 设备管理's holders can read.
    const headers = { 'X-Access-Token': await token(page) };
    await expect
      .poll(async () => (await (await page.request.get('/api/iot/mqtt/status', { headers })).json()).result.rejectedBy)
      .toMatchObject({ wrongKey: 1 });
    await page.reload();
    await expect(page.getByTestId('live-alarm').filter({ hasText: message })).toBeVisible();
    await expect(page.getByTestId('live-alarm').filter({ hasText: forged })).toHaveCount(0);
  } finally {
    await client.endAsync();
  }
});
