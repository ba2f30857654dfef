import dns from 'node:dns';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canonicalHost,
  guardedLookup,
  guardedSocket,
  isForbiddenAddress,
  isForbiddenAddressError,
  isForbiddenHost,
  resolveChecked,
} from './net-guard.js';

/** Makes dns.lookup answer `addresses` for `name` (other names resolve as usual). */
function fakeDns(name: string, addresses: string[]) {
  const real = dns.lookup.bind(dns);
  return vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: object, callback: never) => {
    if (host !== name) return (real as (...args: unknown[]) => void)(host, options, callback);
    const all = addresses.map((address) => ({ address, family: net.isIP(address) }));
    (callback as (e: null, a: typeof all) => void)(null, all);
  }) as never);
}

afterEach(() => vi.restoreAllMocks());

describe('net guard', () => {
  it('refuses metadata and link-local hosts in every spelling a client would still connect to', () => {
    for (const host of [
      '169.254.169.254',
      '169.254.0.1',
      '169.254.170.2',
      '100.100.100.200',
      '2852039166', // decimal
      '0xa9fea9fe', // hex
      '0xA9.0xFE.0xA9.0xFE',
      '0251.0376.0251.0376', // octal
      '169.254.43518', // shortened
      '  169.254.169.254 ',
      'fd00:ec2::254',
      '[fd00:ec2:0:0:0:0:0:254]',
      'fe80::1',
      '[FEBF::1]',
      '::ffff:169.254.169.254',
      '[::ffff:a9fe:a9fe]',
      '::ffff:0:169.254.169.254',
      '::169.254.169.254',
      '64:ff9b::169.254.169.254',
      '2002:a9fe:a9fe::1',
      '::ffff:100.100.100.200',
      'metadata.google.internal',
      'METADATA.Google.Internal.',
      'metadata.ec2.internal',
      'instance-data.ec2.internal',
      'metadata',
      'metadata.tencentyun.com',
    ]) {
      expect(isForbiddenHost(host), host).toBe(true);
    }
  });

  it('leaves ordinary hosts alone: loopback, private networks, public addresses and names', () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.0.0.5',
      '192.168.1.20',
      '100.100.100.201',
      '169.253.255.255',
      '169.255.0.1',
      '::1',
      'fd00:ec2::255',
      'fec0::1',
      '::ffff:10.0.0.1',
      'db.internal',
      'metadata-db.example.com',
      'example.com',
    ]) {
      expect(isForbiddenHost(host), host).toBe(false);
    }
    expect(isForbiddenAddress('db.example.com')).toBe(false);
  });

  it('reads a host as URL parsing does, and rejects what is not a host on its own', () => {
    expect(canonicalHost('0x7f.1')).toBe('127.0.0.1');
    expect(canonicalHost('[::FFFF:169.254.169.254]')).toBe('::ffff:a9fe:a9fe');
    expect(canonicalHost('DB.Example.COM.')).toBe('db.example.com');
    for (const bad of ['', 'a b', 'host:5432', 'user@host', 'a/b', 'a\\b', '1.2.3.09']) {
      expect(canonicalHost(bad), bad).toBeNull();
    }
  });

  it('refuses a name when any address it resolves to is forbidden (DNS rebinding)', async () => {
    fakeDns('rebind.example.com', ['93.184.216.34', '169.254.169.254']);
    await expect(resolveChecked('rebind.example.com')).rejects.toSatisfy(isForbiddenAddressError);
    expect((await resolveChecked('localhost')).map((a) => a.address)).toContain('127.0.0.1');
    await expect(resolveChecked('metadata.google.internal')).rejects.toSatisfy(isForbiddenAddressError);
  });

  it('fails a socket whose name resolves to a forbidden address before it connects', async () => {
    fakeDns('mapped.example.com', ['::ffff:169.254.169.254']);
    const error = await new Promise<Error>((resolve) => {
      const socket = net.connect({ host: 'mapped.example.com', port: 80, lookup: guardedLookup });
      socket.on('error', resolve);
      socket.on('connect', () => resolve(new Error('connected')));
    });
    expect(isForbiddenAddressError(error)).toBe(true);
  });

  it('gives drivers a socket that never connects to a forbidden host, literal or resolved', async () => {
    fakeDns('rebind.example.com', ['169.254.169.254']);
    const server = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const outcome = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = guardedSocket().connect(port, host);
        socket.on('error', (error) => resolve(isForbiddenAddressError(error) ? 'forbidden' : 'failed'));
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
      });
    try {
      expect(await outcome('127.0.0.1')).toBe('connected');
      expect(await outcome('localhost')).toBe('connected');
      for (const host of ['169.254.169.254', '0xa9fea9fe', '[fd00:ec2::254]', 'rebind.example.com']) {
        expect(await outcome(host), host).toBe('forbidden');
      }
    } finally {
      server.close();
    }
  });
});
