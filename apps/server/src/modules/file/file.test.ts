import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_MSG, type UploadedFile } from '@district/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { cleanFileName, insideRoot } from './file.service.js';

// The first bytes of real formats are all the sniffer needs.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('表1').addRow(['资产', 1]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Part {
  name: string;
  content: Buffer;
}

/** A multipart body as a browser's FormData would send it. */
async function form(file: Part | null, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Every file under a folder, relative, for "nothing was stored" checks. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('file names and paths', () => {
  it('keeps only the last segment of a file name, without control characters', () => {
    expect(cleanFileName('../../etc/资产\u0000照片.png')).toBe('资产照片.png');
    expect(cleanFileName('C:\\Users\\a\\b.pdf')).toBe('b.pdf');
    expect(cleanFileName('x'.repeat(300) + '.png')).toHaveLength(200);
  });

  it('resolves stored paths only inside the root', () => {
    const root = path.resolve('/srv/uploads');
    expect(insideRoot(root, 'temp/20261122/a.png')).toEqual({
      absolute: path.join(root, 'temp/20261122/a.png'),
      relative: 'temp/20261122/a.png',
    });
    for (const bad of ['../etc/passwd', 'temp/../../x', '/etc/passwd', '..\\..\\x', 'a\0b', '', '.tmp/x', 'temp/.x']) {
      expect(insideRoot(root, bad)).toBeNull();
    }
  });
});

describe.each(targets)('file storage on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let uploadDir: string;
  let outside: string;

  const upload = async (
    token: string | null,
    file: Part | null,
    fields: Record<string, string> = {},
    url = '/file/upload',
  ) => {
    const body = await form(file, fields);
    return t.request({ method: 'POST', url, token, ...body });
  };
  const staticGet = (p: string) => t.app.inject({ method: 'GET', url: `${t.config.apiBase}/sys/common/static/${p}` });

  beforeAll(async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'da-files-'));
    uploadDir = path.join(base, 'uploads');
    outside = path.join(base, 'secret.txt');
    fs.writeFileSync(outside, 'top secret');
    t = await startApp(target, { uploadDir, maxUploadMb: 1 });
    admin = await t.login(SEED_ACCOUNTS.admin.username);
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  it('stores an image under a server name in the biz folder and serves it inline', async () => {
    const res = await upload(staff, { name: '../../资产 照片.png', content: PNG }, { biz: 'asset' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const [file] = body.result as UploadedFile[];
    expect(file).toMatchObject({ srcFileName: '资产 照片.png', type: 'image/png', fileSize: PNG.length });
    expect(file.file_id).toMatch(/^[0-9a-f]{32}$/);
    expect(file.filePath).toMatch(new RegExp(`^asset/\\d{8}/${file.file_id}\\.png$`));
    expect(file.url).toBe(file.filePath);
    expect(file.fileName).toBe(`${file.file_id}.png`);
    expect(fs.readFileSync(path.join(uploadDir, file.filePath))).toEqual(PNG);

    const served = await staticGet(file.filePath);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('stores in temp by default, and serves documents as attachments with their name', async () => {
    const res = await upload(admin, { name: '年度报告.pdf', content: PDF });
    expect(res.statusCode).toBe(200);
    const [file] = res.json().result as UploadedFile[];
    expect(file.filePath).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.pdf$/);
    const served = await staticGet(file.filePath);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('年度报告.pdf')}`,
    );
    expect(served.headers['content-security-policy']).toBe('sandbox');
  });

  it('accepts office files, jpeg and plain text whose content matches', async () => {
    for (const file of [
      { name: '台账.xlsx', content: await xlsx() },
      { name: 'photo.JPEG', content: JPEG },
      { name: '说明.txt', content: Buffer.from('资产说明\r\n第二行') },
    ]) {
      const res = await upload(staff, file, { biz: 'file' });
      expect(res.statusCode, file.name).toBe(200);
    }
  });

  it('answers the common upload with the stored path in the message', async () => {
    const res = await upload(
      staff,
      { name: 'a.png', content: PNG },
      { biz: 'editor', isup: '1' },
      '/sys/common/upload',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatch(/^editor\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(body.result).toBe(body.message);
    expect((await staticGet(body.message)).statusCode).toBe(200);
  });

  it('refuses content that does not match its extension, and unlisted types, storing nothing', async () => {
    const before = listFiles(uploadDir);
    for (const [file, message] of [
      [{ name: 'evil.png', content: HTML }, UPLOAD_MSG.contentMismatch],
      [{ name: 'evil.jpg', content: PNG }, UPLOAD_MSG.contentMismatch],
      [{ name: 'fake.pdf', content: PNG }, UPLOAD_MSG.contentMismatch],
      [{ name: 'fake.docx', content: PDF }, UPLOAD_MSG.contentMismatch],
      [{ name: 'image.txt', content: PNG }, UPLOAD_MSG.contentMismatch],
      [{ name: 'binary.txt', content: Buffer.from([0x41, 0x00, 0x42]) }, UPLOAD_MSG.contentMismatch],
      [{ name: 'page.html', content: HTML }, `${UPLOAD_MSG.typeNotAllowed}：.html`],
      [{ name: 'logo.svg', content: Buffer.from('<svg/>') }, `${UPLOAD_MSG.typeNotAllowed}：.svg`],
      [{ name: 'noext', content: PDF }, `${UPLOAD_MSG.typeNotAllowed}：无扩展名`],
      [{ name: 'empty.txt', content: Buffer.alloc(0) }, UPLOAD_MSG.emptyFile],
      [{ name: '.png', content: PNG }, UPLOAD_MSG.badFileName],
    ] as const) {
      const res = await upload(staff, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().message, file.name).toBe(message);
    }
    expect(listFiles(uploadDir)).toEqual(before);
  });

  it('refuses a biz path outside the whitelist, a missing file, a non-multipart body and a guest without token', async () => {
    const before = listFiles(uploadDir);
    for (const biz of ['../..', 'temp/../../x', 'etc', '']) {
      const res = await upload(staff, { name: 'a.png', content: PNG }, { biz: biz || 'x/y' });
      expect(res.statusCode, biz).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${UPLOAD_MSG.bizNotAllowed}`));
    }
    const none = await upload(staff, null, { biz: 'temp' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MSG.noFile);
    const json = await t.request({ method: 'POST', url: '/file/upload', token: staff, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const anonymous = await upload(null, { name: 'a.png', content: PNG });
    expect(anonymous.statusCode).toBe(401);
    expect(listFiles(uploadDir)).toEqual(before);
  });

  it('answers 413 to an announced oversized body before reading it, and stops a stream at the limit', async () => {
    const before = listFiles(uploadDir);
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const announced = await upload(staff, { name: 'big.pdf', content: big });
    expect(announced.statusCode).toBe(413);
    expect(announced.json().message).toBe(`${UPLOAD_MSG.tooLarge}1MB`);

    // Just over the limit, so the header passes and the stream limit has to catch it.
    const { payload, headers } = await form({
      name: 'edge.pdf',
      content: Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]),
    });
    const streamed = await t.request({
      method: 'POST',
      url: '/file/upload',
      token: staff,
      headers,
      payload: Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(`${UPLOAD_MSG.tooLarge}1MB`);
    expect(listFiles(uploadDir)).toEqual(before);
  });

  it('never serves anything outside the upload root, unregistered files or the scratch folder', async () => {
    fs.mkdirSync(path.join(uploadDir, 'temp'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'temp', 'stray.txt'), 'not registered');
    for (const p of [
      '../secret.txt',
      '..%2Fsecret.txt',
      '%2e%2e/secret.txt',
      'temp/../../secret.txt',
      'temp/%2e%2e/%2e%2e/secret.txt',
      '....//secret.txt',
      `${encodeURIComponent(outside)}`,
      'temp/stray.txt',
      '.tmp/x',
      'temp',
      'temp%00.png',
    ]) {
      const res = await staticGet(p);
      // A NUL byte may be refused for every route (400) before the file route sees it.
      expect(p.includes('%00') ? [400, 404] : [404], p).toContain(res.statusCode);
      expect(res.body).not.toContain('top secret');
      expect(res.body).not.toContain('not registered');
    }
  });

  it('deletes the record and the file for the uploader or an admin, and refuses other users', async () => {
    const mine = (await upload(admin, { name: 'admin.png', content: PNG })).json().result[0] as UploadedFile;
    const refused = await t.request({
      method: 'POST',
      url: '/fileObj/delete',
      token: staff,
      payload: { id: mine.file_id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UPLOAD_MSG.deleteForbidden);
    expect((await staticGet(mine.filePath)).statusCode).toBe(200);

    const own = await t.request({
      method: 'POST',
      url: '/fileObj/delete',
      token: admin,
      payload: { id: mine.file_id },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, message: UPLOAD_MSG.deleted });
    expect((await staticGet(mine.filePath)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(uploadDir, mine.filePath))).toBe(false);

    const staffs = (await upload(staff, { name: 'staff.png', content: PNG })).json().result[0] as UploadedFile;
    const byAdmin = await t.request({
      method: 'POST',
      url: '/fileObj/delete',
      token: admin,
      payload: { id: staffs.file_id },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(fs.existsSync(path.join(uploadDir, staffs.filePath))).toBe(false);

    const again = await t.request({
      method: 'POST',
      url: '/fileObj/delete',
      token: admin,
      payload: { id: staffs.file_id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(UPLOAD_MSG.fileNotFound);
    const bad = await t.request({ method: 'POST', url: '/fileObj/delete', token: admin, payload: { id: '../x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes by stored path (a value loaded into a form has no id), with the same owner check', async () => {
    const del = (token: string, payload: object) =>
      t.request({ method: 'POST', url: '/fileObj/delete', token, payload });
    const staffs = (await upload(staff, { name: 'old.png', content: PNG }, { biz: 'image' })).json()
      .result[0] as UploadedFile;
    const admins = (await upload(admin, { name: 'admin.png', content: PNG })).json().result[0] as UploadedFile;

    const refused = await del(staff, { path: admins.filePath });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UPLOAD_MSG.deleteForbidden);
    expect((await staticGet(admins.filePath)).statusCode).toBe(200);

    // The value may carry a leading slash or the static prefix the web adds for display.
    const own = await del(staff, { path: `/${staffs.filePath}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, message: UPLOAD_MSG.deleted });
    expect(fs.existsSync(path.join(uploadDir, staffs.filePath))).toBe(false);
    expect((await del(staff, { path: staffs.filePath })).statusCode).toBe(404);

    // A path outside the root, or nothing at all, is the caller's mistake.
    for (const payload of [{ path: '../secret.txt' }, { path: '' }, {}, { path: 42 }]) {
      const res = await del(admin, payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(fs.existsSync(outside)).toBe(true);
  });
});
