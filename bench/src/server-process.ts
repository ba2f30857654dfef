/**
 * The built server as a process of its own, started as `npm run serve` starts it (old generation capped at
 * SERVER_HEAP_MB, default 256): benchmarks drive it over HTTP from their own process, so neither the load
 * generator nor the benchmark's bookkeeping shares the server's event loop or shows in its memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  heapMb: string;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

export async function startServerProcess(options: {
  databaseUrl: string;
  port: number;
  uploadDir: string;
  env?: Record<string, string>;
  /** A file descriptor for the server's output (default: this process's). */
  stdout?: number;
}): Promise<ServerProcess> {
  const dist = process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/server/dist');
  const heapMb = process.env.SERVER_HEAP_MB ?? '256';
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, path.join(dist, 'server.js')], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      UPLOAD_DIR: options.uploadDir,
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO_ASSETS: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitReady(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, heapMb, stop };
}

/**
 * A bare Fastify JSON route in a process of its own: the ceiling the guarded routes are compared with. `/same`
 * answers the text of `bodyFile` as JSON: the same bytes as a guarded answer, without anything around them.
 */
export async function startBareProcess(
  port: number,
  bodyFile?: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = `
    const Fastify = require('fastify');
    const app = Fastify();
    const same = ${JSON.stringify(bodyFile ?? '')} ? require('node:fs').readFileSync(${JSON.stringify(bodyFile ?? '')}, 'utf8') : '{}';
    app.get('/ping', async () => ({ success: true, message: 'ok', code: 200, result: 'pong', timestamp: Date.now() }));
    app.get('/same', (request, reply) => { reply.type('application/json').send(same); });
    app.get('/health', async () => ({ status: 'UP' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: import.meta.dirname, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
