import fs from 'node:fs';
import os from 'node:os';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { DiskInfo, RedisInfo, RuntimeInfo, SystemInfo } from '@district/shared';
import { MONITOR_MESSAGES } from '@district/shared';
import type { Redis } from 'ioredis';

/** Node's runtime figures (the spec's JVM page): memory, event-loop delay, GC, handles. */
export class RuntimeProbe {
  private readonly delay = monitorEventLoopDelay({ resolution: 10 });
  private readonly gcObserver: PerformanceObserver;
  private gcCount = 0;
  private gcTotalMs = 0;
  private elu = performance.eventLoopUtilization();

  constructor() {
    this.delay.enable();
    this.gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gcCount += 1;
        this.gcTotalMs += entry.duration;
      }
    });
    this.gcObserver.observe({ entryTypes: ['gc'] });
  }

  read(): RuntimeInfo {
    const memory = process.memoryUsage();
    const elu = performance.eventLoopUtilization(this.elu);
    this.elu = performance.eventLoopUtilization();
    const info: RuntimeInfo = {
      nodeVersion: process.version,
      v8Version: process.versions.v8,
      pid: process.pid,
      platform: `${process.platform} ${process.arch}`,
      uptimeSeconds: Math.round(process.uptime()),
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      rss: memory.rss,
      external: memory.external,
      // The histogram is in nanoseconds; read since the previous look, so the page shows the recent delay.
      eventLoopDelayP50Ms: Math.round(this.delay.percentile(50) / 1e4) / 100,
      eventLoopDelayP99Ms: Math.round(this.delay.percentile(99) / 1e4) / 100,
      eventLoopUtilization: Math.round(elu.utilization * 1000) / 1000,
      gcCount: this.gcCount,
      gcTotalMs: Math.round(this.gcTotalMs * 10) / 10,
      activeHandles: process.getActiveResourcesInfo().length,
      activeRequests: process.getActiveResourcesInfo().filter((r) => r.endsWith('Req') || r === 'FSReqCallback').length,
    };
    this.delay.reset();
    return info;
  }

  close(): void {
    this.delay.disable();
    this.gcObserver.disconnect();
  }
}

type CpuTimes = { idle: number; total: number };

function cpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
  }
  return { idle, total };
}

function processCount(): number | null {
  try {
    return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).length;
  } catch {
    return null;
  }
}

/** The machine (the spec's system page): CPU busy since the previous look, load, memory, OS, processes. */
export class SystemProbe {
  private last = cpuTimes();

  read(): SystemInfo {
    const now = cpuTimes();
    const total = now.total - this.last.total;
    const busy = total > 0 ? 1 - (now.idle - this.last.idle) / total : 0;
    this.last = now;
    const cpus = os.cpus();
    return {
      hostname: os.hostname(),
      os: `${os.type()} ${os.release()}`,
      arch: os.arch(),
      cpuModel: cpus[0]?.model.trim() ?? '',
      cpuCount: cpus.length,
      cpuUsage: Math.round(Math.max(0, Math.min(1, busy)) * 1000) / 10,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      totalMemory: os.totalmem(),
      freeMemory: os.freemem(),
      uptimeSeconds: Math.round(os.uptime()),
      processCount: processCount(),
    };
  }
}

/** File systems that are not disks (kernel, memory and container plumbing). */
const PSEUDO_FS = new Set([
  'proc',
  'sysfs',
  'devpts',
  'devtmpfs',
  'tmpfs',
  'cgroup',
  'cgroup2',
  'mqueue',
  'securityfs',
  'debugfs',
  'tracefs',
  'pstore',
  'bpf',
  'configfs',
  'fusectl',
  'hugetlbfs',
  'autofs',
  'binfmt_misc',
  'nsfs',
  'rpc_pipefs',
  'ramfs',
  'efivarfs',
  'squashfs',
  'fuse.lxcfs',
  'selinuxfs',
  'overlay_pseudo',
]);

function statDisk(mount: string, filesystem: string): DiskInfo | null {
  try {
    const s = fs.statfsSync(mount);
    const size = s.blocks * s.bsize;
    if (size === 0) return null;
    const free = s.bavail * s.bsize;
    return { mount, filesystem, size, used: size - s.bfree * s.bsize, free };
  } catch {
    return null;
  }
}

/** Every mounted disk (Linux: /proc/mounts), else the root and the upload folder's file system. */
export function disks(uploadDir: string): DiskInfo[] {
  const out: DiskInfo[] = [];
  const seen = new Set<string>();
  try {
    for (const line of fs.readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [device, mount, type] = line.split(' ');
      if (!device || !mount || !type || PSEUDO_FS.has(type)) continue;
      const path = mount.replace(/\\040/g, ' ');
      const disk = statDisk(path, type);
      // One line per file system: bind mounts of the same device repeat it.
      const key = `${device}:${disk?.size}`;
      if (disk && !seen.has(key)) {
        seen.add(key);
        out.push(disk);
      }
    }
  } catch {
    // Not Linux.
  }
  if (out.length === 0) {
    for (const mount of [...new Set([path0(), uploadDir])]) {
      const disk = statDisk(mount, '');
      if (disk) out.push(disk);
    }
  }
  return out.slice(0, 50);
}

function path0() {
  return process.platform === 'win32' ? process.cwd().slice(0, 3) : '/';
}

const INFO_SECTIONS = ['server', 'clients', 'memory', 'persistence', 'stats', 'cpu', 'keyspace'];

/** Redis INFO, key counts and memory (the spec's Redis page); a message in embedded mode. */
export async function redisInfo(redis: Redis | null, prefix: string): Promise<RedisInfo> {
  if (!redis) return { configured: false, message: MONITOR_MESSAGES.redisNotConfigured };
  const text = await redis.info();
  const sections: { name: string; entries: [string, string][] }[] = [];
  let current: { name: string; entries: [string, string][] } | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('# ')) {
      current = { name: line.slice(2).toLowerCase(), entries: [] };
      if (INFO_SECTIONS.includes(current.name)) sections.push(current);
    } else if (line && current) {
      const at = line.indexOf(':');
      if (at > 0) current.entries.push([line.slice(0, at), line.slice(at + 1)]);
    }
  }
  const field = (name: string) => {
    for (const s of sections) for (const [k, v] of s.entries) if (k === name) return v;
    return undefined;
  };
  // Our own keys: a bounded SCAN under the prefix (never KEYS *).
  let prefixKeys = 0;
  let cursor = '0';
  let rounds = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    prefixKeys += keys.length;
    cursor = next;
    rounds += 1;
  } while (cursor !== '0' && rounds < 100);
  return {
    configured: true,
    dbSize: await redis.dbsize(),
    prefixKeys,
    usedMemory: Number(field('used_memory') ?? 0),
    usedMemoryHuman: field('used_memory_human') ?? '',
    connectedClients: Number(field('connected_clients') ?? 0),
    opsPerSecond: Number(field('instantaneous_ops_per_sec') ?? 0),
    version: field('redis_version') ?? '',
    sections,
  };
}
