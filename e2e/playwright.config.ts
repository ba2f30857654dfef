import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const port = Number(process.env.E2E_PORT ?? 18080);

export default defineConfig({
  testDir: './tests',
  // Journeys share one product instance and its accounts: run them one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // The app turns antd's animations off for users who ask for less motion; the journeys do too, so no
    // click lands on a dialog that is still opening.
    contextOptions: { reducedMotion: 'reduce' },
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node start-product.mjs',
    url: `http://127.0.0.1:${port}/api/sys/platform/info`,
    // E2E_OIDC_PORT: the OpenID provider of the third-party login journey (start-product.mjs).
    // E2E_MQTT_URL: the broker devices-mqtt.spec.ts publishes to (Mosquitto on this machine; the spec skips without).
    env: {
      PORT: String(port),
      E2E_OIDC_PORT: String(port + 119),
      E2E_MQTT_URL: process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
