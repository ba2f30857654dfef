import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GUEST_CREDENTIALS, OSS_API, OSS_MESSAGES, UPLOAD_API, UPLOAD_MSG, type OssFile } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

async function form(name: string, content: Buffer, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([new Uint8Array(content)]), name);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const files = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

describe.each(targets)('对象存储 (local folder) on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let uploadDir: string;

  const upload = async (name: string, content: Buffer, token = admin, url: string = OSS_API.upload) =>
    t.request({ method: 'POST', url, token, ...(await form(name, content, { biz: 'file' })) });
  const list = async (query = '', token: string | null = admin) =>
    t.request({ method: 'GET', url: `${OSS_API.base}/list${query}`, token });

  beforeAll(async () => {
    uploadDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oss-')), 'uploads');
    t = await startApp(target, { uploadDir, maxUploadMb: 1 });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  it('uploads from the page, lists with uploader, size, type and storage, filters and pages', async () => {
    const res = await upload('资产照片.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().result as OssFile;
    expect(row).toMatchObject({
      originalName: '资产照片.png',
      fileSize: PNG.length,
      mime: 'image/png',
      storage: 'local',
      createBy: SEED_ACCOUNTS.admin.username,
      biz: 'file',
    });
    expect(fs.readFileSync(path.join(uploadDir, row.storedPath))).toEqual(PNG);
    // The ordinary upload route lands in the same list.
    expect((await upload('报告.pdf', PDF, admin, UPLOAD_API.fileUpload)).statusCode).toBe(200);

    const found = (await list(`?originalName=${encodeURIComponent('*资产*')}`)).json().result;
    expect(found.records.map((r: OssFile) => r.originalName)).toEqual(['资产照片.png']);
    const paged = (await list('?pageSize=1&pageNo=1')).json().result;
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    const bySize = (await list('?column=fileSize&order=asc&pageSize=100')).json().result.records as OssFile[];
    expect(bySize.map((r) => r.fileSize)).toEqual([PDF.length, PNG.length]);
    expect((await list('?storage=s3')).json().result.records).toEqual([]);
  });

  it('previews images and PDFs inline and serves the exact bytes; unknown ids are a 404, bad ids a 400', async () => {
    const pdf = (await upload('合同.pdf', PDF)).json().result as OssFile;
    const res = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${pdf.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.rawPayload).toEqual(PDF);
    const missing = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${'0'.repeat(32)}`, token: admin });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: `${OSS_API.download}?id=../../etc/passwd`, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(OSS_MESSAGES.idInvalid);
  });

  it('keeps the upload checks: content must match the extension, size limit, no folder in the name', async () => {
    const before = files(uploadDir).filter((f) => !f.startsWith('.tmp'));
    const fake = await upload('evil.png', HTML);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(UPLOAD_MSG.contentMismatch);
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(files(uploadDir).filter((f) => !f.startsWith('.tmp'))).toEqual(before);
    const climbing = (await upload('../../../escape.png', PNG)).json().result as OssFile;
    expect(climbing.originalName).toBe('escape.png');
    expect(climbing.storedPath).toMatch(/^file\/\d{8}\/[0-9a-f]{32}\.png$/);
  });

  it('deletes a file with its stored object, one or several at once', async () => {
    const one = (await upload('一.png', PNG)).json().result as OssFile;
    const two = (await upload('二.png', PNG)).json().result as OssFile;
    const three = (await upload('三.png', PNG)).json().result as OssFile;
    const del = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${one.id}`, token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(fs.existsSync(path.join(uploadDir, one.storedPath))).toBe(false);
    const batch = await t.request({
      method: 'DELETE',
      url: `${OSS_API.base}/deleteBatch?ids=${two.id},${three.id}`,
      token: admin,
    });
    expect(batch.statusCode, batch.body).toBe(200);
    for (const f of [two, three]) expect(fs.existsSync(path.join(uploadDir, f.storedPath))).toBe(false);
    const ids = (await list('?pageSize=100')).json().result.records.map((r: OssFile) => r.id);
    expect(ids).not.toContain(one.id);
    expect(ids).not.toContain(two.id);
    // Nor is it served any more.
    const gone = await t.request({ method: 'GET', url: `${UPLOAD_API.staticFile}/${one.storedPath}` });
    expect(gone.statusCode).toBe(404);
  });

  it('is closed to staff and the guest (403) and to anonymous callers (401)', async () => {
    const some = (await list()).json().result.records[0] as OssFile;
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const token of [staff, guest]) {
      expect((await list('', token)).statusCode).toBe(403);
      expect((await upload('x.png', PNG, token)).statusCode).toBe(403);
      const get = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${some.id}`, token });
      expect(get.statusCode).toBe(403);
      const del = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${some.id}`, token });
      expect(del.statusCode).toBe(403);
    }
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list()).json().result.records.map((r: OssFile) => r.id)).toContain(some.id);
  });
});

describe('对象存储 on an S3-compatible bucket (a local fake that checks Signature V4)', () => {
  const bucket = 'district-assets';
  const keys = { accessKeyId: 'AKIDTEST', secret: 'test-secret-key' };
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestApp;
  let admin: string;
  let uploadDir: string;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket, ...keys });
    uploadDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oss-s3-')), 'uploads');
    const storage = loadConfig({
      STORAGE_TYPE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'cn-southwest-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secret,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'da',
    }).storage;
    t = await startApp(targets[0]!, { uploadDir, storage });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  const upload = async (name: string, content: Buffer, url: string = UPLOAD_API.fileUpload) =>
    t.request({ method: 'POST', url, token: admin, ...(await form(name, content, { biz: 'asset' })) });

  it('stores uploads as signed PUTs under the prefix, serves and deletes them through the bucket', async () => {
    const res = await upload('门牌.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().result[0] as { file_id: string; filePath: string };
    const key = `da/${stored.filePath}`;
    expect(s3.objects.get(key)?.body).toEqual(PNG);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/${bucket}/${key}`, signed: true });
    expect(s3.requests.at(-1)?.contentType).toBe('image/png');
    // Nothing but the empty scratch folder in the upload folder.
    expect(files(uploadDir)).toEqual([]);

    const row = (await t.request({ method: 'GET', url: `${OSS_API.base}/list`, token: admin })).json().result
      .records[0] as OssFile;
    expect(row).toMatchObject({ id: stored.file_id, storage: 's3', originalName: '门牌.png' });

    const served = await t.request({ method: 'GET', url: `${UPLOAD_API.staticFile}/${stored.filePath}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    const preview = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${stored.file_id}`, token: admin });
    expect(preview.rawPayload).toEqual(PNG);
    expect(s3.requests.filter((r) => r.method === 'GET').every((r) => r.signed)).toBe(true);

    const del = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${stored.file_id}`, token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/${bucket}/${key}`, signed: true });
  });

  it('refuses bad content before anything reaches the bucket', async () => {
    const before = s3.requests.length;
    const res = await upload('evil.png', HTML, OSS_API.upload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.contentMismatch);
    expect(s3.requests.length).toBe(before);
  });

  it('answers 503 with a Chinese message and keeps no row when the bucket refuses (wrong secret)', async () => {
    const wrong = await startApp(targets[0]!, {
      uploadDir,
      storage: { ...(t.config.storage as Extract<typeof t.config.storage, { type: 's3' }>), secretAccessKey: 'nope' },
    });
    try {
      const token = await wrong.login();
      const before = await wrong.app.ctx.db.db.selectFrom('sysFile').select('id').execute();
      const res = await wrong.request({
        method: 'POST',
        url: UPLOAD_API.fileUpload,
        token,
        ...(await form('a.png', PNG)),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain(OSS_MESSAGES.storageUnavailable);
      expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', signed: false });
      expect(await wrong.app.ctx.db.db.selectFrom('sysFile').select('id').execute()).toEqual(before);
    } finally {
      await wrong.close();
    }
  });

  it('refuses an incomplete S3 configuration at start', () => {
    expect(() => loadConfig({ STORAGE_TYPE: 's3' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ STORAGE_TYPE: 'ftp' })).toThrow('STORAGE_TYPE');
    expect(() => loadConfig({ STORAGE_TYPE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      'S3_SECRET_ACCESS_KEY',
    );
  });
});
