import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { installProcessHandlers } from './lib/process-handlers.js';

const config = loadConfig();
const app = await buildApp(config, { logger: { level: config.logLevel } });
// A stray rejected promise is logged, never a crash that drops every user's connection.
installProcessHandlers(app.log);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`区域资产资源管理与发布平台 listening on http://localhost:${config.port}`);
