import { SEED_ID } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionResource } from '../../modules/position/position.resource.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { ApiError } from '../http.js';
import { createRecord, deleteRecords, updateRecord } from './resource.service.js';
import type { CommittedChange, ResourceContext, ResourceDef } from './resource.types.js';

/** The engine's afterCommit hook: once per committed add, edit and delete, never for a write that rolled back. */
describe.each(targets)('after-commit hook on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(() => t?.close());

  const ctx = (): ResourceContext => ({
    db: t.app.ctx.db.db,
    user: { id: SEED_ID.adminUser, username: 'admin', realname: '管理员', orgCode: null, tenantId: 1001, token: '' },
    request: { server: t.app, log: t.app.log } as unknown as FastifyRequest,
  });
  const recording = (extra: Partial<ResourceDef> = {}) => {
    const seen: { action: CommittedChange['action']; codes: unknown[] }[] = [];
    const def: ResourceDef = {
      ...positionResource,
      ...extra,
      afterCommit: async ({ action, rows }) => {
        seen.push({ action, codes: rows.map((r) => r.code) });
      },
    };
    return { def, seen };
  };
  const exists = async (id: string) =>
    (await t.app.ctx.db.db.selectFrom('sysPosition').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('runs once after an add, an edit and a delete committed, with the rows as stored', async () => {
    const { def, seen } = recording();
    const row = await createRecord(def, { code: 'AC01', name: '提交后', postRank: '5' }, ctx());
    await updateRecord(def, { id: row.id, code: 'AC02', name: '提交后' }, ctx());
    expect(await deleteRecords(def, [String(row.id)], ctx())).toBe(1);
    expect(seen).toEqual([
      { action: 'add', codes: ['AC01'] },
      { action: 'edit', codes: ['AC02'] },
      { action: 'delete', codes: ['AC02'] },
    ]);
  });

  it('does not run for a delete refused before it or rolled back after it', async () => {
    const refused = recording({
      beforeDelete: async () => {
        throw new ApiError(400, '不能删除');
      },
    });
    const row = await createRecord(refused.def, { code: 'AC03', name: '回滚', postRank: '5' }, ctx());
    refused.seen.length = 0;
    await expect(deleteRecords(refused.def, [String(row.id)], ctx())).rejects.toThrow('不能删除');
    const rolledBack = recording({
      afterDelete: async () => {
        throw new Error('after the delete, inside the transaction');
      },
    });
    await expect(deleteRecords(rolledBack.def, [String(row.id)], ctx())).rejects.toThrow('inside the transaction');
    expect(await exists(String(row.id))).toBe(true);
    expect([...refused.seen, ...rolledBack.seen]).toEqual([]);
  });

  it('answers a failing hook as the error, but the write stands', async () => {
    const def: ResourceDef = {
      ...positionResource,
      afterCommit: async () => {
        throw new ApiError(503, '缓存不可用');
      },
    };
    await expect(createRecord(def, { code: 'AC04', name: '已写入', postRank: '5' }, ctx())).rejects.toThrow(
      '缓存不可用',
    );
    const stored = await t.app.ctx.db.db
      .selectFrom('sysPosition')
      .select('name')
      .where('code', '=', 'AC04')
      .executeTakeFirst();
    expect(stored?.name).toBe('已写入');
  });
});
