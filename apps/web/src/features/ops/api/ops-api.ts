import {
  JOB_API,
  MONITOR_API,
  ONLINE_USER_API,
  type DiskInfo,
  type HttpServerInfo,
  type JobHandlerInfo,
  type QuartzJob,
  type QuartzJobLog,
  type RedisInfo,
  type RuntimeInfo,
  type SystemInfo,
  type TraceEntry,
} from '@district/shared';
import { getAction, postAction } from '@/lib/request';

export async function fetchJobHandlers(): Promise<JobHandlerInfo[]> {
  const res = await getAction<JobHandlerInfo[]>(JOB_API.handlers);
  return res.result ?? [];
}

export const jobHandlersQuery = {
  queryKey: ['ops', 'job-handlers'] as const,
  queryFn: fetchJobHandlers,
  staleTime: 300_000,
};

export type JobAction = 'start' | 'pause' | 'resume' | 'execute';
export function jobAction(action: JobAction, id: string) {
  return postAction<QuartzJob | QuartzJobLog>(JOB_API[action], { id });
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export async function fetchJobLog(jobId: string, pageNo: number, pageSize: number): Promise<Page<QuartzJobLog>> {
  const res = await getAction<Page<QuartzJobLog>>(JOB_API.log, { jobId, pageNo, pageSize });
  return res.result ?? { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
}

export function forceLogout(id: string) {
  return postAction(ONLINE_USER_API.forceLogout, { id });
}

async function read<T>(url: string): Promise<T> {
  const res = await getAction<T>(url);
  if (!res.success) throw new Error(res.message);
  return res.result as T;
}

export const fetchRuntime = () => read<RuntimeInfo>(MONITOR_API.runtime);
export const fetchSystem = () => read<SystemInfo>(MONITOR_API.system);
export const fetchHttpServer = () => read<HttpServerInfo>(MONITOR_API.http);
export const fetchDisks = () => read<DiskInfo[]>(MONITOR_API.disk);
export const fetchTrace = () => read<TraceEntry[]>(MONITOR_API.trace);
export const fetchRedis = () => read<RedisInfo>(MONITOR_API.redis);

export function runRedisCommand(command: string) {
  return postAction<{ command: string; output: unknown }>(MONITOR_API.redisTerminal, { command }, { silent: true });
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** 93784 → "1天2小时3分". */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}天${h}小时${m}分`;
  if (h > 0) return `${h}小时${m}分`;
  return `${m}分${seconds % 60}秒`;
}
