import { SOCKET_PROTOCOL, TABLE_SYNC } from '@district/shared';
import { APP_CONFIG } from './config';

/**
 * What every socket of the app (table sync, notices) shares: the URL under the API base and the
 * sub-protocols. A browser cannot set headers on a WebSocket, so the token travels as the second offered
 * sub-protocol, after ours: it stays out of the URL, and so out of access logs and proxies.
 */

/** ws(s)://host{apiBase}{path}, from the configured API base (absolute or relative to this page). */
export function socketUrl(path: string, apiBase: string = APP_CONFIG.apiBaseURL): string {
  if (/^https?:\/\//.test(apiBase)) return `${apiBase.replace(/^http/, 'ws').replace(/\/$/, '')}${path}`;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${apiBase.replace(/\/$/, '')}${path}`;
}

/** The sub-protocols to open a socket with: ours, then the token. */
export function socketProtocols(token: string | null): string[] {
  return token ? [SOCKET_PROTOCOL, token] : [SOCKET_PROTOCOL];
}

/** Whether a message may be sent: the server closes the socket on a bigger frame. */
export function fitsSocketFrame(text: string, limit: number = TABLE_SYNC.maxMessageBytes): boolean {
  return new TextEncoder().encode(text).length <= limit;
}
