import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, run headless as root on a machine without outside network: the flags keep it from
 * reaching for services it cannot get to. Used by the journeys and by the benchmark.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
