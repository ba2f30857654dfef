import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';

/**
 * Addresses the server never connects to on a user's say (gateway targets, data sources): cloud metadata
 * services and link-local addresses, whatever the spelling. Loopback and private networks stay allowed: data
 * sources live there, and the gateway has its own allowlist.
 */

/** A host that is, or resolves to, a forbidden address. `code` lets socket callers tell it from network errors. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EFORBIDDENADDRESS';
  constructor(
    readonly host: string,
    readonly address?: string,
  ) {
    super(`forbidden address: ${host}${address && address !== host ? ` (${address})` : ''}`);
  }
}

export function isForbiddenAddressError(error: unknown): error is ForbiddenAddressError {
  return error instanceof ForbiddenAddressError || (error as { code?: unknown })?.code === 'EFORBIDDENADDRESS';
}

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** [network, prefix length]: link-local (AWS, GCP, Azure, OCI, Huawei … metadata at 169.254.169.254), Alibaba's. */
const V4_BLOCKS: [number, number][] = [
  [v4Number('169.254.0.0'), 16],
  [v4Number('100.100.100.200'), 32],
];

function forbiddenV4(n: number): boolean {
  return V4_BLOCKS.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of a valid IPv6 literal (brackets and zone dropped), a trailing dotted quad included. */
function v6Groups(literal: string): number[] | null {
  let text = literal
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const quad = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (!net.isIPv4(quad[2]!)) return null;
    const n = v4Number(quad[2]!);
    text = `${quad[1]}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN,
  );
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) ? groups : null;
}

const zero = (groups: number[], from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
const lastV4 = (g: number[]) => g[6]! * 65536 + g[7]!;

/** The IPv4 address an IPv6 address carries and that the network may deliver to (mapped, compatible, NAT64, 6to4). */
function embeddedV4(g: number[]): number | null {
  if (zero(g, 0, 5) && g[5] === 0xffff) return lastV4(g); // ::ffff:a.b.c.d
  if (zero(g, 0, 4) && g[4] === 0xffff && g[5] === 0) return lastV4(g); // ::ffff:0:a.b.c.d
  if (zero(g, 0, 6)) return lastV4(g); // ::a.b.c.d (deprecated "compatible")
  if (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 1 || zero(g, 2, 6))) return lastV4(g); // NAT64
  if (g[0] === 0x2002) return g[1]! * 65536 + g[2]!; // 6to4
  return null;
}

/** Whether an IP literal (v4 or v6, any form Node accepts) is a forbidden address. Names answer false. */
export function isForbiddenAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return forbiddenV4(v4Number(text));
  if (!net.isIPv6(text.split('%')[0]!)) return false;
  const g = v6Groups(text);
  if (!g) return true; // Node calls it IPv6 but we cannot read it: not worth the doubt.
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if (g.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return true; // AWS metadata over IPv6
  const v4 = embeddedV4(g);
  return v4 !== null && forbiddenV4(v4);
}

/** Metadata service names: GCP's metadata(.google).internal, EC2's instance-data(.ec2).internal, Tencent's. */
const FORBIDDEN_NAMES = [
  /^(metadata|instance-data)(\.[a-z0-9-]+)*\.internal$/,
  /^(metadata|instance-data)$/,
  /^metadata\.tencentyun\.com$/,
];

/**
 * The host as WHATWG URL parsing reads it, which is how fetch and most clients see it: decimal, hex, octal and
 * shortened IPv4 spellings become a dotted quad, IPv6 is compressed (no brackets), names are lower case without a
 * trailing dot. Null when it is not a host on its own (a port, a path, user info, spaces …).
 */
export function canonicalHost(host: string): string | null {
  const text = host.trim();
  if (!text || /[\s/\\?#@]/.test(text)) return null;
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (bare.includes(':') && !net.isIPv6(bare)) return null;
  let url: URL;
  try {
    url = new URL(`http://${net.isIPv6(bare) ? `[${bare}]` : text}/`);
  } catch {
    return null;
  }
  if (url.port || url.username || url.password) return null;
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Whether a host (any spelling) is forbidden without asking DNS: a metadata name or a forbidden literal. */
export function isForbiddenHost(host: string): boolean {
  const canonical = canonicalHost(host);
  if (canonical === null) return false;
  if (net.isIP(canonical)) return isForbiddenAddress(canonical);
  return FORBIDDEN_NAMES.some((re) => re.test(canonical));
}

/** Looks `host` up (dns.lookup, like sockets do) and refuses it when any of its addresses is forbidden. */
function lookupChecked(
  host: string,
  options: LookupOptions,
  done: (error: Error | null, all: LookupAddress[]) => void,
) {
  if (isForbiddenHost(host)) return done(new ForbiddenAddressError(host), []);
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(literal)) return done(null, [{ address: literal, family: net.isIP(literal) }]);
  dns.lookup(host, { ...options, all: true }, (error, addresses) => {
    if (error) return done(error, []);
    // Every answer counts: a rebinding name may put the metadata address beside a harmless one.
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) return done(new ForbiddenAddressError(host, bad.address), []);
    if (addresses.length === 0)
      return done(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), []);
    done(null, addresses);
  });
}

/**
 * The addresses a host stands for, every one checked; rejects with ForbiddenAddressError when one is forbidden,
 * or with the resolver's error. A connection made to one of the answered addresses cannot be rebound.
 */
export function resolveChecked(host: string, timeoutMs?: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => reject(Object.assign(new Error(`lookup of ${host} timed out`), { code: 'ETIMEOUT' })),
            timeoutMs,
          );
    lookupChecked(host, {}, (error, all) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(all);
    });
  });
}

/**
 * A `lookup` for sockets (net, http, https, tls): resolves as usual and fails the connection when the name stands
 * for a forbidden address, right before connecting, so a name re-pointed after the last check is caught too.
 * Sockets skip it for IP literals: check those with isForbiddenHost first.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  const cb = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
  lookupChecked(hostname, options, (error, all) => {
    if (error) return cb(error, options.all ? [] : '');
    if (options.all) return cb(null, all);
    cb(null, all[0]!.address, all[0]!.family);
  });
};

/**
 * A TCP socket for drivers that call `connect(port, host)` themselves (pg's and mysql2's `stream` option): a
 * forbidden host fails it, and a name resolves through guardedLookup right before connecting.
 */
export function guardedSocket(): net.Socket {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket) as (options: net.TcpSocketConnectOpts) => net.Socket;
  Object.assign(socket, {
    connect(port: unknown, host: unknown = 'localhost') {
      const name = String(host);
      if (typeof port !== 'number' || isForbiddenHost(name)) {
        // After the caller has attached its error listener, as a failed connection would be reported.
        process.nextTick(() => socket.destroy(new ForbiddenAddressError(name)));
        return socket;
      }
      return connect({ port, host: name, lookup: guardedLookup });
    },
  });
  return socket;
}
