import { GATEWAY_MESSAGES as M } from '@district/shared';
import { ApiError } from '../../lib/http.js';

/** Hosts no route may name whatever the allowlist says: cloud metadata endpoints. */
const NEVER = new Set(['169.254.169.254', 'metadata.google.internal', '[fd00:ec2::254]', '100.100.100.200']);

/**
 * A route's target must be http(s) on a host of GATEWAY_ALLOWED_HOSTS (an entry `host` allows any port of it,
 * `host:port` only that port). Checked when a route is saved and again on every call, so shrinking the list
 * takes effect at once.
 */
export function checkTarget(uri: string, allowed: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ApiError(400, M.uriInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(400, M.uriInvalid);
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (NEVER.has(host) || !allowed.some((entry) => entry === host || entry === `${host}:${port}`)) {
    throw new ApiError(400, M.hostNotAllowed);
  }
  return url;
}

/** A path pattern: `*` one segment, `**` any rest. */
export function matchesPattern(pattern: string, path: string): boolean {
  const escaped = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${escaped}$`).test(path);
}

/** Drops the first `parts` segments (Spring Cloud Gateway's StripPrefix). */
export function stripPrefix(path: string, parts: number): string {
  if (parts <= 0) return path;
  const segments = path.split('/').filter((s, i) => i > 0 || s !== '');
  return `/${segments.slice(parts).join('/')}`;
}

export function parseList(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
