import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { gracefulShutdown, installProcessHandlers } from './lib/process-handlers.js';

const config = loadConfig();
const app = await buildApp(config, { logger: { level: config.logLevel } });
// A stray rejected promise is logged, never a crash that drops every user's connection.
installProcessHandlers(app.log);

// Not `once`: the second signal is what makes an operator's impatient Ctrl-C exit at once.
const shutdown = gracefulShutdown(app, {
  drainMs: config.shutdownDrainMs,
  timeoutMs: config.shutdownTimeoutMs,
  exit: (code) => process.exit(code),
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`区域资产资源管理与发布平台 listening on ${config.tls ? 'https' : 'http'}://localhost:${config.port}`);
