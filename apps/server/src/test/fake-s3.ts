import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test support: a minimal S3-compatible server on 127.0.0.1 (path-style PUT/GET/DELETE of objects) that checks
 * every request's AWS Signature V4 against its own computation and answers 403 SignatureDoesNotMatch when it
 * differs, as S3 does. It keeps objects in memory and logs what it received.
 */

export interface FakeS3Request {
  method: string;
  path: string;
  /** Whether the signature matched the fake's own computation. */
  signed: boolean;
  contentType?: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** S3's URI encoding: everything but unreserved characters, per byte. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function expectedSignature(req: http.IncomingMessage, body: Buffer, secret: string): { ok: boolean; reason?: string } {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return { ok: false, reason: 'no v4 authorization' };
  const [, , day, region, signedHeaders, signature] = m as unknown as string[];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return { ok: false, reason: 'payload hash' };
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname
    .split('/')
    .map((s) => encode(decodeURIComponent(s)))
    .join('/');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secret}`, day!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  const mine = createHmac('sha256', key).update(toSign).digest('hex');
  return mine === signature ? { ok: true } : { ok: false, reason: 'signature' };
}

export async function startFakeS3(opts: { bucket: string; accessKeyId: string; secret: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const check = expectedSignature(req, body, opts.secret);
      const accessKey = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1];
      const url = new URL(req.url ?? '/', 'http://x');
      const path = decodeURIComponent(url.pathname);
      requests.push({
        method: req.method ?? '',
        path,
        signed: check.ok,
        contentType: req.headers['content-type'],
      });
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
      };
      if (!check.ok || accessKey !== opts.accessKeyId) return xml(403, 'SignatureDoesNotMatch');
      const prefix = `/${opts.bucket}/`;
      if (!path.startsWith(prefix)) return xml(404, 'NoSuchBucket');
      const key = path.slice(prefix.length);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) return xml(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.body.length) });
        return res.end(found.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
