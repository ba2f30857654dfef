import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSET_API,
  GUEST_CREDENTIALS,
  OSS_API,
  OSS_MESSAGES,
  UPLOAD_API,
  UPLOAD_MSG,
  type OssFile,
  type UploadedFile,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { S3RVER_KEYS, startS3rver, type RunningS3rver } from '../../test/s3rver.js';
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

const ROLE_ADMIN = seedId('role:admin');
const FLAT = seedId('category:A01A02A01'); // 房屋 › 住宅

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

  /** An administrator (the administrator role, not the platform's) who belongs to this tenant only. */
  const tenantAdmin = async (username: string, tenant: number) => {
    const res = await t.request({
      method: 'POST',
      url: '/sys/user/add',
      token: admin,
      tenant,
      payload: {
        username,
        realname: `租户${tenant}管理员`,
        password: 'Passw0rd!',
        confirmpassword: 'Passw0rd!',
        selectedroles: ROLE_ADMIN,
        relTenantIds: String(tenant),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return t.login(username, 'Passw0rd!');
  };
  const ids = async (token: string, tenant?: number) =>
    (await t.request({ method: 'GET', url: `${OSS_API.base}/list?pageSize=100`, token, tenant }))
      .json()
      .result.records.map((r: OssFile) => r.id) as string[];

  it("keeps each tenant to its own files: tenant 1002's administrator cannot list, fetch or delete tenant 1001's", async () => {
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const byStaff = (await upload('员工照片.png', PNG, staff, UPLOAD_API.fileUpload)).json().result[0] as UploadedFile;
    const byAdmin = (await upload('一号租户.pdf', PDF)).json().result as OssFile;
    const db = t.app.ctx.db.db;
    const tenants = await db
      .selectFrom('sysFile')
      .select('tenantId')
      .where('id', 'in', [byStaff.file_id, byAdmin.id])
      .execute();
    expect(tenants.map((r) => Number(r.tenantId))).toEqual([1001, 1001]);

    const other = await tenantAdmin('ossadmin2', 1002);
    expect(await ids(other)).not.toContain(byAdmin.id);
    expect(await ids(other)).not.toContain(byStaff.file_id);
    for (const id of [byAdmin.id, byStaff.file_id]) {
      const calls = [
        { method: 'GET', url: `${OSS_API.base}/queryById?id=${id}` },
        { method: 'GET', url: `${OSS_API.download}?id=${id}` },
        { method: 'DELETE', url: `${OSS_API.base}/delete?id=${id}` },
        { method: 'DELETE', url: `${OSS_API.base}/deleteBatch?ids=${id}` },
        { method: 'POST', url: UPLOAD_API.fileDelete, payload: { id } },
      ] as const;
      for (const call of calls) {
        const res = await t.request({ ...call, token: other });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
    }
    const byPath = await t.request({
      method: 'POST',
      url: UPLOAD_API.fileDelete,
      token: other,
      payload: { path: byStaff.filePath },
    });
    expect(byPath.statusCode).toBe(404);
    // Both files are still there for their own tenant.
    expect(await ids(admin)).toEqual(expect.arrayContaining([byAdmin.id, byStaff.file_id]));
    expect(fs.existsSync(path.join(uploadDir, byStaff.filePath))).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, byAdmin.storedPath))).toBe(true);

    // Tenant 1002's own upload is its own: listed there, not in tenant 1001.
    const theirs = (await upload('二号租户.png', PNG, other)).json().result as OssFile;
    expect(await ids(other)).toContain(theirs.id);
    expect(await ids(admin, 1001)).not.toContain(theirs.id);
    expect(await ids(admin, 1002)).toContain(theirs.id);

    // The public file URL stays a capability (pictures in <img>, the public display): its path is the key.
    const served = await t.request({ method: 'GET', url: `${UPLOAD_API.staticFile}/${byStaff.filePath}` });
    expect(served.statusCode).toBe(200);
  });

  it('shows a file of no tenant to a platform administrator only', async () => {
    const orphan = (await upload('无租户.png', PNG)).json().result as OssFile;
    await t.app.ctx.db.db.updateTable('sysFile').set({ tenantId: null }).where('id', '=', orphan.id).execute();
    const tenantOnly = await tenantAdmin('ossadmin1', 1001);
    expect(await ids(tenantOnly)).not.toContain(orphan.id);
    const get = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${orphan.id}`, token: tenantOnly });
    expect(get.statusCode).toBe(404);
    const del = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${orphan.id}`, token: tenantOnly });
    expect(del.statusCode).toBe(404);
    // The seeded administrator administers the platform.
    expect(await ids(admin)).toContain(orphan.id);
    const mine = await t.request({ method: 'GET', url: `${OSS_API.download}?id=${orphan.id}`, token: admin });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses to delete a file a record still shows, naming the record by its title, and deletes nothing', async () => {
    const picture = (await upload('门头照.png', PNG)).json().result as OssFile;
    const spare = (await upload('备用.png', PNG)).json().result as OssFile;
    const asset = await t.request({
      method: 'POST',
      url: `${ASSET_API.base}/add`,
      token: admin,
      tenant: 1001,
      payload: { name: '办公楼A座', categoryId: FLAT, status: 'idle', images: [picture.storedPath] },
    });
    expect(asset.statusCode, asset.body).toBe(200);
    const del = (url: string, token = admin) => t.request({ method: 'DELETE', url, token });

    const one = await del(`${OSS_API.base}/delete?id=${picture.id}`);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(OSS_MESSAGES.inUse('资产「办公楼A座」的图片'));

    // Every place is named, e.g. a user's avatar too.
    const db = t.app.ctx.db.db;
    await db.updateTable('sysUser').set({ avatar: picture.storedPath }).where('username', '=', 'staff').execute();
    const two = await del(`${OSS_API.base}/delete?id=${picture.id}`);
    expect(two.json().message).toBe(OSS_MESSAGES.inUse('资产「办公楼A座」的图片、用户「张三」的头像'));
    await db.updateTable('sysUser').set({ avatar: null }).where('username', '=', 'staff').execute();

    // A batch naming it deletes none of its files, not even the unused one.
    const batch = await del(`${OSS_API.base}/deleteBatch?ids=${spare.id},${picture.id}`);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe(OSS_MESSAGES.namedInUse('门头照.png', '资产「办公楼A座」的图片'));
    expect(await ids(admin)).toEqual(expect.arrayContaining([picture.id, spare.id]));
    expect(fs.existsSync(path.join(uploadDir, spare.storedPath))).toBe(true);

    // The upload route's delete (by id or by the path a form holds) says the same.
    for (const payload of [{ id: picture.id }, { path: `/${picture.storedPath}` }]) {
      const res = await t.request({ method: 'POST', url: UPLOAD_API.fileDelete, token: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(OSS_MESSAGES.inUse('资产「办公楼A座」的图片'));
    }
    expect(fs.existsSync(path.join(uploadDir, picture.storedPath))).toBe(true);
    const served = await t.request({ method: 'GET', url: `${UPLOAD_API.staticFile}/${picture.storedPath}` });
    expect(served.statusCode).toBe(200);

    // A record of another tenant is never named.
    const other = await tenantAdmin('ossadmin3', 1002);
    const theirs = (await upload('他人.png', PNG, other)).json().result as OssFile;
    await db.updateTable('bizAsset').set({ attachments: theirs.storedPath }).where('name', '=', '办公楼A座').execute();
    const cross = await del(`${OSS_API.base}/delete?id=${theirs.id}`, other);
    expect(cross.statusCode).toBe(400);
    expect(cross.json().message).toBe(OSS_MESSAGES.inUse(OSS_MESSAGES.otherTenant));
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

describe('对象存储 on an S3-compatible bucket (s3rver)', () => {
  const bucket = 'district-assets';
  const keys = S3RVER_KEYS;
  let s3: RunningS3rver;
  let t: TestApp;
  let admin: string;
  let uploadDir: string;

  beforeAll(async () => {
    s3 = await startS3rver(bucket);
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
    await s3?.dispose();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  const upload = async (name: string, content: Buffer, url: string = UPLOAD_API.fileUpload) =>
    t.request({ method: 'POST', url, token: admin, ...(await form(name, content, { biz: 'asset' })) });

  it('stores uploads as signed PUTs under the prefix, serves and deletes them through the bucket', async () => {
    const res = await upload('门牌.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().result[0] as { file_id: string; filePath: string };
    const key = `da/${stored.filePath}`;
    // Stored under the prefix with its type.
    expect(await s3.object(key)).toEqual({ body: PNG, contentType: 'image/png' });
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

    const del = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${stored.file_id}`, token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await s3.has(key)).toBe(false);
  });

  it('refuses bad content before anything reaches the bucket', async () => {
    const before = await s3.keys();
    const res = await upload('evil.png', HTML, OSS_API.upload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.contentMismatch);
    expect(await s3.keys()).toEqual(before);
  });

  it('answers 503 with a Chinese message and keeps no row when the bucket refuses (unknown access key)', async () => {
    const wrong = await startApp(targets[0]!, {
      uploadDir,
      storage: { ...(t.config.storage as Extract<typeof t.config.storage, { type: 's3' }>), accessKeyId: 'NOPE' },
    });
    try {
      const token = await wrong.login();
      const before = await wrong.app.ctx.db.db.selectFrom('sysFile').select('id').execute();
      const keysBefore = await s3.keys();
      const res = await wrong.request({
        method: 'POST',
        url: UPLOAD_API.fileUpload,
        token,
        ...(await form('a.png', PNG)),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain(OSS_MESSAGES.storageUnavailable);
      // s3rver refused the key it does not know (InvalidAccessKeyId): nothing new in the bucket either.
      expect(await s3.keys()).toEqual(keysBefore);
      expect(await wrong.app.ctx.db.db.selectFrom('sysFile').select('id').execute()).toEqual(before);
    } finally {
      await wrong.close();
    }
  });

  it('a bucket out of reach: 503 without its address anywhere, and a delete leaves both the row and the object', async () => {
    const down = await startS3rver(bucket);
    const app = await startApp(targets[0]!, {
      uploadDir,
      storage: { ...(t.config.storage as Extract<typeof t.config.storage, { type: 's3' }>), endpoint: down.endpoint },
    });
    try {
      const token = await app.login();
      const up = await app.request({
        method: 'POST',
        url: UPLOAD_API.fileUpload,
        token,
        ...(await form('p.png', PNG)),
      });
      const stored = up.json().result[0] as UploadedFile;
      const key = `da/${stored.filePath}`;
      expect(await down.has(key)).toBe(true);
      // The bucket goes away (nothing listens on its port any more).
      await down.close();
      const address = new URL(down.endpoint).host;
      const quiet = (body: string) => {
        expect(body).not.toContain(address);
        expect(body).not.toContain(new URL(down.endpoint).port);
        expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      };

      for (const call of [
        { method: 'DELETE', url: `${OSS_API.base}/delete?id=${stored.file_id}`, token },
        { method: 'DELETE', url: `${OSS_API.base}/deleteBatch?ids=${stored.file_id}`, token },
        { method: 'POST', url: UPLOAD_API.fileDelete, token, payload: { id: stored.file_id } },
        { method: 'GET', url: `${OSS_API.download}?id=${stored.file_id}`, token },
        // The public URL needs no sign-in: what it says reaches anyone.
        { method: 'GET', url: `${UPLOAD_API.staticFile}/${stored.filePath}` },
      ] as const) {
        const res = await app.request(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(503);
        expect(res.json().message).toBe(OSS_MESSAGES.storageUnavailable);
        quiet(res.body);
      }
      const upload = await app.request({
        method: 'POST',
        url: UPLOAD_API.fileUpload,
        token,
        ...(await form('q.png', PNG)),
      });
      expect(upload.statusCode).toBe(503);
      quiet(upload.body);

      // The file is whole: its row is listed and its object is still in the bucket.
      const listed = (await app.request({ method: 'GET', url: `${OSS_API.base}/list`, token })).json().result
        .records as OssFile[];
      expect(listed.map((r) => r.id)).toEqual([stored.file_id]);
      // Back up on the same port over the same disk, the bucket still holds the object.
      await down.restart();
      expect(await down.has(key)).toBe(true);
    } finally {
      await app.close();
      await down.dispose();
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
