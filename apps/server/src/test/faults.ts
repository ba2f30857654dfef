import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { targets, type Target } from './harness.js';

/**
 * Fault injection for the outage tests: a throw-away `redis-server` on a port of its own (never the
 * shared one) that can be frozen or stopped, and a TCP proxy in front of a database server that can be
 * cut (every connection dropped, new ones refused) and restored.
 */

export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = fs.existsSync(REDIS_SERVER);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export interface ThrowAwayRedis {
  url: string;
  port: number;
  /** SIGSTOP: the server keeps its connections open but answers nothing. */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** Stops the server for good (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a redis-server on a free port, or on `port` (to bring a stopped one back at its address). */
export async function startRedis(port?: number): Promise<ThrowAwayRedis> {
  port ??= await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 50 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  let frozen = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze() {
      frozen = true;
      child.kill('SIGSTOP');
    },
    thaw() {
      if (frozen) child.kill('SIGCONT');
      frozen = false;
    },
    async stop() {
      if (child.exitCode !== null) return;
      if (frozen) child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CuttableProxy {
  port: number;
  /** Rewrites a database URL to go through the proxy. */
  via(url: string): string;
  /** Drops every open connection and refuses new ones, as a database that went away. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy to `host:port` (a database server) that the test can cut and restore. */
export async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });

  const cut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut,
    restore: () => (server ? Promise.resolve() : listen()),
    close: cut,
  };
}

/** host and port of a database URL. */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) || (u.protocol.startsWith('postgres') ? 5432 : 3306) };
}

/** The database servers of this run (TEST_PG_URL, TEST_MYSQL_URL), for the outage tests. */
export const databaseServers = [
  ...(process.env.TEST_PG_URL ? [{ name: 'postgres', url: process.env.TEST_PG_URL }] : []),
  ...(process.env.TEST_MYSQL_URL ? [{ name: 'mysql', url: process.env.TEST_MYSQL_URL }] : []),
];

/** The harness target of that name, with the app's connections going through `proxy`. */
export function proxied(name: string, proxy: CuttableProxy): Target {
  const base = targets.find((target) => target.name === name);
  if (!base) throw new Error(`no test target ${name}`);
  return {
    name: `${name} via proxy`,
    async prepare() {
      const prepared = await base.prepare();
      return { ...prepared, databaseUrl: proxy.via(prepared.databaseUrl) };
    },
  };
}
