import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ASSET_API, ONLINE_API, OSS_API, OSS_MESSAGES, UPLOAD_API, type UploadedFile } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../context.js';
import * as fileTenant from '../../db/migrations/2026-11-27-0040-file-tenant.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { updateRecord } from '../../lib/resource/resource.service.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { assetResource } from '../asset/asset.resource.js';
import { describeUses, pathCandidates } from './file-usage.js';
import { FileService } from './file.service.js';
import { Storages } from './object-storage.js';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const FLAT = seedId('category:A01A02A01'); // 房屋 › 住宅

async function form(name: string, content: Buffer, biz = 'asset') {
  const data = new FormData();
  data.append('biz', biz);
  data.append('file', new Blob([new Uint8Array(content)]), name);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe('where a stored path is used', () => {
  it('finds a path bare, in a comma list or at the end of a URL, and not inside a longer name', () => {
    const p = 'asset/20261122/0123456789abcdef0123456789abcdef.png';
    for (const value of [
      p,
      `x/1/a.pdf,${p}`,
      `<img src="https://h:8080/api/sys/common/static/${p}?v=1">`,
      `![图](/${p})`,
    ]) {
      expect(pathCandidates(value).has(p), value).toBe(true);
    }
    for (const value of [`${p}x`, `${p}.bak`, p.replace('.png', '_png'), `x${p}`]) {
      expect(pathCandidates(value).has(p), value).toBe(false);
    }
  });

  it('names the places the caller may read, others as one 其他租户的数据, and counts beyond three', () => {
    const use = (place: string, tenants: number[] | null) => ({ place, tenants });
    expect(describeUses([use('资产「甲」的图片', [1001]), use('资产「乙」的图片', [1002])], 1001)).toBe(
      `资产「甲」的图片、${OSS_MESSAGES.otherTenant}`,
    );
    expect(describeUses([use('打印模板「标签」', null)], 1002)).toBe('打印模板「标签」');
    const many = ['甲', '乙', '丙', '丁', '戊'].map((n) => use(`资产「${n}」的附件`, [1001]));
    expect(describeUses(many, 1001)).toBe(
      `资产「甲」的附件、资产「乙」的附件、资产「丙」的附件${OSS_MESSAGES.morePlaces(5)}`,
    );
  });
});

/** Releasing the files a saved record let go of, and sweeping uploads never saved. */
describe.each(targets)('stored files a record lets go of, on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let uploadDir: string;
  const db = () => t.app.ctx.db.db;

  const upload = async (name: string, content = name.endsWith('.pdf') ? PDF : PNG, token = admin) => {
    const res = await t.request({ method: 'POST', url: UPLOAD_API.fileUpload, token, ...(await form(name, content)) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as UploadedFile[])[0]!.filePath;
  };
  const stored = async (p: string) => {
    const row = await db().selectFrom('sysFile').select('id').where('storedPath', '=', p).executeTakeFirst();
    return row !== undefined && fs.existsSync(path.join(uploadDir, p));
  };
  const gone = async (p: string) => {
    const row = await db().selectFrom('sysFile').select('id').where('storedPath', '=', p).executeTakeFirst();
    return row === undefined && !fs.existsSync(path.join(uploadDir, p));
  };
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, token: admin, tenant: 1001, payload });
  const addAsset = async (payload: object) => {
    const res = await call('POST', `${ASSET_API.base}/add`, { categoryId: FLAT, status: 'idle', ...payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };

  beforeAll(async () => {
    uploadDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'file-release-')), 'uploads');
    t = await startApp(target, { uploadDir });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  it('deletes an attachment an edit dropped once the edit is saved, and only when nothing else uses it', async () => {
    const a = await upload('合同.pdf');
    const b = await upload('图纸.pdf');
    const shared = await upload('外观.png');
    const x = await addAsset({ name: '办公楼A座', attachments: [a, b], images: [shared] });
    const y = await addAsset({ name: '办公楼B座', images: [shared] });

    const edit = await call('PUT', `${ASSET_API.base}/edit`, { id: x, attachments: [b], images: [] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await gone(a)).toBe(true);
    // Still the other asset's picture.
    expect(await stored(shared)).toBe(true);
    expect(await stored(b)).toBe(true);
    const served = await t.request({ method: 'GET', url: `${UPLOAD_API.staticFile}/${shared}` });
    expect(served.statusCode).toBe(200);

    // Deleting a record lets go of its files too.
    expect((await call('DELETE', `${ASSET_API.base}/delete?id=${y}`)).statusCode).toBe(200);
    expect(await gone(shared)).toBe(true);
    expect((await call('DELETE', `${ASSET_API.base}/delete?id=${x}`)).statusCode).toBe(200);
    expect(await gone(b)).toBe(true);
  });

  it('deletes nothing for an edit that is refused or rolled back', async () => {
    const kept = await upload('保留.pdf');
    const id = await addAsset({ name: '办公楼C座', attachments: [kept] });
    // Refused before anything is written.
    const refused = await call('PUT', `${ASSET_API.base}/edit`, { id, name: '', attachments: [] });
    expect(refused.statusCode).toBe(400);
    expect(await stored(kept)).toBe(true);

    // Fails inside its transaction, after the row was updated: rolled back, and the file stays.
    const who = await db()
      .selectFrom('sysUser')
      .select(['id', 'realname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const user: AuthUser = {
      id: who.id,
      username: 'admin',
      realname: who.realname,
      orgCode: null,
      tenantId: 1001,
      token: '',
    };
    const request = { server: t.app, log: t.app.log } as unknown as FastifyRequest;
    const failing = {
      ...assetResource,
      afterUpdate: async () => {
        throw new ApiError(400, '模拟失败');
      },
    };
    await expect(updateRecord(failing, { id, attachments: [] }, { db: db(), user, request })).rejects.toThrow(
      '模拟失败',
    );
    const row = await db().selectFrom('bizAsset').select('attachments').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.attachments).toBe(kept);
    expect(await stored(kept)).toBe(true);
  });

  it("leaves a file of another tenant that a record let go of alone (the sweep's to judge)", async () => {
    const foreign = await upload('外来.pdf');
    const id = await addAsset({ name: '办公楼D座', attachments: [foreign] });
    await db().updateTable('sysFile').set({ tenantId: 1002 }).where('storedPath', '=', foreign).execute();
    expect((await call('PUT', `${ASSET_API.base}/edit`, { id, attachments: [] })).statusCode).toBe(200);
    expect(await stored(foreign)).toBe(true);
  });

  it('names an online form field that uses a file', async () => {
    const head = await call('POST', `${ONLINE_API.head}/add`, {
      tableName: 'onl_repair',
      title: '报修单',
      formKind: 'single',
      theme: 'plain',
      fields: [
        { name: 'topic', label: '事项', dbType: 'string', length: 50 },
        { name: 'photo', label: '现场照片', dbType: 'string', length: 500, widget: 'image' },
      ],
    });
    expect(head.statusCode, head.body).toBe(200);
    expect((await call('POST', `${ONLINE_API.head}/sync`, { id: head.json().result.id })).statusCode).toBe(200);
    const photo = await upload('现场.png');
    await (db() as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('onlRepair')
      .values({ id: newId(), topic: '漏水', photo, tenantId: 1001 })
      .execute();
    const file = await db()
      .selectFrom('sysFile')
      .select('id')
      .where('storedPath', '=', photo)
      .executeTakeFirstOrThrow();
    const res = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${file.id}`, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OSS_MESSAGES.inUse('在线表单「报修单」的「现场照片」'));
  });

  it('stores the image and file fields of a generated form and its sub rows under online, per tenant', async () => {
    const define = async (payload: object) => {
      const res = await call('POST', `${ONLINE_API.head}/add`, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as string;
    };
    const line = await define({
      tableName: 'onl_visit_line',
      title: '巡查明细',
      formKind: 'sub',
      theme: 'plain',
      fields: [
        { name: 'visit_id', label: '巡查', dbType: 'string', length: 32, required: true },
        { name: 'spot', label: '部位', dbType: 'string', length: 50 },
        { name: 'photo', label: '照片', dbType: 'string', length: 500, widget: 'image' },
      ],
    });
    const visit = await define({
      tableName: 'onl_visit',
      title: '巡查单',
      formKind: 'main',
      theme: 'plain',
      subTables: [{ table: 'onl_visit_line', relation: 'many', foreignKey: 'visit_id' }],
      fields: [
        { name: 'topic', label: '事项', dbType: 'string', length: 50 },
        { name: 'report', label: '报告', dbType: 'string', length: 500, widget: 'file' },
      ],
    });
    for (const id of [line, visit]) {
      expect((await call('POST', `${ONLINE_API.head}/sync`, { id })).statusCode).toBe(200);
    }
    const uploadOnline = async (name: string) => {
      const res = await t.request({
        method: 'POST',
        url: UPLOAD_API.commonUpload,
        token: admin,
        tenant: 1001,
        ...(await form(name, name.endsWith('.pdf') ? PDF : PNG, 'online')),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().message as string;
    };
    const report = await uploadOnline('巡查报告.pdf');
    const photo = await uploadOnline('墙面.png');
    for (const p of [report, photo]) {
      expect(p).toMatch(/^online\//);
      const row = await db()
        .selectFrom('sysFile')
        .select(['biz', 'tenantId'])
        .where('storedPath', '=', p)
        .executeTakeFirst();
      expect(row).toEqual({ biz: 'online', tenantId: 1001 });
    }
    // The record as the generated form saves it (the data routes' rights are online.test.ts's to show).
    const rows = db() as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const visitId = newId();
    await rows.insertInto('onlVisit').values({ id: visitId, topic: '三月巡查', report, tenantId: 1001 }).execute();
    await rows
      .insertInto('onlVisitLine')
      .values({ id: newId(), visitId, spot: '外墙', photo, tenantId: 1001 })
      .execute();
    // Both are in use: 对象存储 refuses to delete them, naming the field of the main form or of its sub rows.
    for (const [p, place] of [
      [report, '在线表单「巡查单」的「报告」'],
      [photo, '在线表单「巡查明细」的「照片」'],
    ] as const) {
      const file = await db().selectFrom('sysFile').select('id').where('storedPath', '=', p).executeTakeFirstOrThrow();
      const res = await t.request({ method: 'DELETE', url: `${OSS_API.base}/delete?id=${file.id}`, token: admin });
      expect(res.json().message).toBe(OSS_MESSAGES.inUse(place));
    }
  });

  it('sweeps uploads never saved once old enough, and leaves the used and the recent', async () => {
    const files = new FileService(db(), {
      uploadDir,
      maxBytes: 1024,
      maxUploadMb: 1,
      storages: new Storages(uploadDir, { type: 'local' }, t.app.log),
      log: t.app.log,
    });
    const abandoned = await upload('取消的.pdf');
    const used = await upload('已保存.pdf');
    const recent = await upload('刚上传.pdf');
    // In rich text too: the path at the end of the public URL.
    await addAsset({
      name: '办公楼E座',
      description: `<p><a href="/api${UPLOAD_API.staticFile}/${used}">图纸</a></p>`,
    });
    await db()
      .updateTable('sysFile')
      .set({ createTime: '2026-01-01 00:00:00' })
      .where('storedPath', 'in', [abandoned, used])
      .execute();
    expect(await files.sweep('2026-06-01 00:00:00')).toBeGreaterThanOrEqual(1);
    expect(await gone(abandoned)).toBe(true);
    expect(await stored(used)).toBe(true);
    expect(await stored(recent)).toBe(true);
    const marked = await db()
      .selectFrom('sysFile')
      .select('inUse')
      .where('storedPath', '=', used)
      .executeTakeFirstOrThrow();
    expect(Number(marked.inUse)).toBe(1);
  });

  it('gives files older than the tenant column their uploader’s tenant, else the tenant of the records using them', async () => {
    const raw = db().withoutPlugins() as unknown as Kysely<unknown>;
    const rows = db().withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const file = (id: string, by: string) => ({
      id,
      biz: 'asset',
      original_name: `${id}.png`,
      stored_path: `asset/20260101/${id}.png`,
      file_size: 1,
      mime: 'image/png',
      create_by: by,
      create_time: '2026-01-01 00:00:00',
      storage: 'local',
    });
    await fileTenant.down(raw);
    await rows
      .insertInto('sys_file')
      .values([
        file('oldbystaff', SEED_ACCOUNTS.staff.username),
        // The administrator belongs to 1001 and 1002: the records decide.
        file('oldinone', 'admin'),
        file('oldinboth', 'admin'),
        file('oldunused', 'admin'),
        file('oldsample', 'system'),
      ])
      .execute();
    const asset = (name: string, tenant: number, images: string, description: string | null = null) => ({
      id: newId(),
      code: `MIG-${name}`,
      name,
      category_id: FLAT,
      status: 'idle',
      images,
      description,
      published: 0,
      version: 1,
      tenant_id: tenant,
      del_flag: 0,
    });
    await rows
      .insertInto('biz_asset')
      .values([
        asset('mig1', 1002, 'asset/20260101/oldinone.png,asset/20260101/oldinboth.png'),
        asset(
          'mig2',
          1001,
          'asset/20260101/oldinboth.png',
          `<img src="/api/sys/common/static/asset/20260101/oldsample.png">`,
        ),
      ])
      .execute();
    await fileTenant.up(raw);
    const tenants = await db()
      .selectFrom('sysFile')
      .select(['id', 'tenantId'])
      .where('id', 'like', 'old%')
      .orderBy('id')
      .execute();
    expect(tenants.map((r) => [r.id, r.tenantId === null ? null : Number(r.tenantId)])).toEqual([
      ['oldbystaff', 1001],
      ['oldinboth', null],
      ['oldinone', 1002],
      ['oldsample', 1001],
      ['oldunused', null],
    ]);
  });
});
