import type { HttpServerInfo, TraceEntry } from '@district/shared';
import { formatDateTime } from '../../lib/time.js';

/** Query parameters whose values the trace never shows. */
const SECRET_PARAM = /pass(word)?|pwd|token|captcha|secret|cookie|key|code|ticket/i;

/** The path as the trace shows it: values of secret-looking query parameters replaced by ******. */
export function maskedPath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.slice(0, 300);
  const params = new URLSearchParams(url.slice(q + 1));
  const shown: string[] = [];
  for (const [k, v] of params) shown.push(`${k}=${SECRET_PARAM.test(k) ? '******' : v}`);
  return `${url.slice(0, q)}?${shown.join('&')}`.slice(0, 300);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

/**
 * Request figures of this instance since it started (the HTTP server page) and the last requests (the HTTP
 * trace), all in bounded memory: latencies are a sample of the last LATENCY_SAMPLES requests.
 */
export class HttpStats {
  private readonly startedAt = Date.now();
  private total = 0;
  private inFlight = 0;
  private readonly statusCounts: Record<string, number> = {};
  private readonly latencies: number[] = [];
  private latencyNext = 0;
  private readonly traces: TraceEntry[] = [];
  /** Requests per second of the last 60 seconds, indexed by epoch second modulo 60. */
  private readonly seconds = new Array<{ second: number; count: number }>(60);

  constructor(
    private readonly traceCapacity = 200,
    private readonly latencySamples = 5000,
  ) {}

  started(): void {
    this.inFlight += 1;
  }

  finished(entry: Omit<TraceEntry, 'time' | 'path'> & { url: string }): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.total += 1;
    const statusClass = `${Math.floor(entry.status / 100)}xx`;
    this.statusCounts[statusClass] = (this.statusCounts[statusClass] ?? 0) + 1;
    if (this.latencies.length < this.latencySamples) this.latencies.push(entry.durationMs);
    else {
      this.latencies[this.latencyNext] = entry.durationMs;
      this.latencyNext = (this.latencyNext + 1) % this.latencySamples;
    }
    const second = Math.floor(Date.now() / 1000);
    const slot = this.seconds[second % 60];
    if (slot && slot.second === second) slot.count += 1;
    else this.seconds[second % 60] = { second, count: 1 };
    const { url, ...rest } = entry;
    this.traces.push({ ...rest, time: formatDateTime(), path: maskedPath(url) });
    if (this.traces.length > this.traceCapacity) this.traces.splice(0, this.traces.length - this.traceCapacity);
  }

  /** The last requests, newest first. */
  trace(): TraceEntry[] {
    return [...this.traces].reverse();
  }

  snapshot(): HttpServerInfo {
    const now = Math.floor(Date.now() / 1000);
    const perSecond: number[] = [];
    for (let s = now - 59; s <= now; s += 1) {
      const slot = this.seconds[s % 60];
      perSecond.push(slot && slot.second === s ? slot.count : 0);
    }
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const uptimeSeconds = Math.max(1, Math.round((Date.now() - this.startedAt) / 1000));
    // The rate over the last 10 full seconds: what "requests/s" means to someone watching the page.
    const recent = perSecond.slice(-11, -1);
    return {
      startedAt: formatDateTime(new Date(this.startedAt)),
      uptimeSeconds,
      totalRequests: this.total,
      requestsPerSecond: Math.round((recent.reduce((a, b) => a + b, 0) / recent.length) * 10) / 10,
      perSecond,
      statusCounts: { ...this.statusCounts },
      latencyP50Ms: percentile(sorted, 50),
      latencyP90Ms: percentile(sorted, 90),
      latencyP99Ms: percentile(sorted, 99),
      inFlight: this.inFlight,
    };
  }
}
