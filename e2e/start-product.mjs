// Starts the built product as a user would, on a fresh SQLite file, for the Playwright journeys.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.PORT ??= '18080';
// One data folder per port, so journeys on different ports never share a database.
const dataDir = path.join(here, '.data', process.env.PORT);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

process.env.DATABASE_URL = `sqlite:${path.join(dataDir, 'e2e.db')}`;
process.env.UPLOAD_DIR = path.join(dataDir, 'uploads');
// The image captcha cannot be read by a robot; its behaviour is covered by the API tests.
process.env.CAPTCHA_ENABLED = 'false';
// The development SMS provider also writes each text to this file: the journeys read their codes there, never from
// an HTTP answer. Only this script sets it.
process.env.SMS_LOG_FILE = path.join(dataDir, 'sms.log');
process.env.LOG_LEVEL ??= 'warn';
// Devices over MQTT against the machine's broker (devices-mqtt.spec.ts), under a topic root of this run's own.
if (process.env.E2E_MQTT_URL) {
  process.env.MQTT_URL = process.env.E2E_MQTT_URL;
  process.env.MQTT_TOPIC_ROOT = `e2e-${process.env.PORT}`;
}

// E2E_OIDC_PORT (set by the Playwright config): an OpenID provider on that port and the product configured to use
// it, for the third-party login journey. The provider's warnings about its development defaults are expected.
if (process.env.E2E_OIDC_PORT) {
  const { startOidcProvider } = await import('./oidc-provider.mjs');
  const callback = `http://127.0.0.1:${process.env.PORT}/api/sys/thirdLogin/callback/oidc`;
  const { issuer } = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    clientId: 'district-e2e',
    clientSecret: 'district-e2e-secret',
    redirectUris: [callback],
  });
  process.env.THIRD_LOGIN_PROVIDERS = JSON.stringify([
    { key: 'oidc', name: '统一身份认证', issuer, clientId: 'district-e2e', redirectUris: [callback] },
  ]);
  process.env.THIRD_LOGIN_OIDC_CLIENT_SECRET = 'district-e2e-secret';
}

await import(path.join(here, '../apps/server/dist/server.js'));
