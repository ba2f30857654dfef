import {
  ANONYMISED_NAME_PREFIX,
  AUDIT_EVENT,
  PRIVACY_API,
  PRIVACY_AUDIT,
  PRIVACY_MESSAGES,
  type LogKind,
  type LogVerifyResult,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/*
 * 匿名化 (issue 24 item 12): an administrator removes a departed user's personal data; the account name is freed,
 * bindings and the second factor go, the logs stay and their chains still verify, and the act is an audit event.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('anonymising a departed user on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const db = () => t.app.ctx.db.db;
  const anonymise = (id: string, token = admin) => call('PUT', PRIVACY_API.anonymise, { id }, token);

  /** A user added through 用户管理 (so its versions are in the data log), with a binding and a second factor. */
  async function departing(username: string, phone: string, signIn = false) {
    const res = await call('POST', '/sys/user/add', {
      username,
      realname: '离职人员',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      phone,
      email: `${username}@example.com`,
      birthday: '1990-03-09',
      workNo: `W-${username}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.id as string;
    // A sign-in before the second factor is enrolled: a login-log row names the user.
    if (signIn) await t.login(username, 'Passw0rd!');
    const now = formatDateTime();
    await db()
      .insertInto('sysThirdAccount')
      .values({
        id: newId(),
        userId: id,
        thirdType: 'github',
        subject: `s-${id}`,
        displayName: '离职人员',
        avatar: null,
        createTime: now,
      })
      .execute();
    await db()
      .insertInto('sysUserTotp')
      .values({ userId: id, secret: 'sealed', lastStep: 0, createTime: now })
      .execute();
    await db()
      .insertInto('sysUserRecoveryCode')
      .values({ id: newId(), userId: id, codeHash: 'a'.repeat(64), usedTime: null, createTime: now })
      .execute();
    return id;
  }

  const verify = async (kind: LogKind) => {
    const res = await call('GET', `/sys/log/verify?kind=${kind}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as LogVerifyResult;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('needs the permission, refuses an active user, yourself and an unknown id', async () => {
    const id = await departing('leaver_a', '13912345601');
    const denied = await anonymise(id, staff);
    expect(denied.statusCode).toBe(403);
    const active = await anonymise(id);
    expect([active.statusCode, active.json().message]).toEqual([400, PRIVACY_MESSAGES.anonymiseActive]);
    const me = (await db().selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    expect((await anonymise(me)).json().message).toBe(PRIVACY_MESSAGES.anonymiseSelf);
    expect((await anonymise('nobody')).statusCode).toBe(404);
    expect((await call('PUT', PRIVACY_API.anonymise, {})).json().message).toBe(PRIVACY_MESSAGES.idRequired);
    const row = await db().selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.username).toBe('leaver_a');
    expect(row.phone).not.toBeNull();
  });

  it('clears a frozen user’s personal data and frees the name; the log chains still verify', async () => {
    const id = await departing('leaver_b', '13912345602', true);
    const freeze = await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 });
    expect(freeze.statusCode).toBe(200);

    const res = await anonymise(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PRIVACY_MESSAGES.anonymised('leaver_b'));

    const row = await db().selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.realname).toBe(`${ANONYMISED_NAME_PREFIX}${id.slice(-4).toUpperCase()}`);
    expect(row.username).not.toBe('leaver_b');
    expect(row).toMatchObject({
      phone: null,
      phoneHash: null,
      email: null,
      emailHash: null,
      birthday: null,
      workNo: null,
      avatar: null,
    });
    for (const table of ['sysThirdAccount', 'sysUserTotp', 'sysUserRecoveryCode'] as const) {
      const left = await db().selectFrom(table).select('userId').where('userId', '=', id).execute();
      expect(left, table).toEqual([]);
    }
    // The old password no longer signs in (nor would any: nobody knows the new one).
    const login = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'leaver_b', password: 'Passw0rd!' },
    });
    expect(login.json().success).toBe(false);
    // The list shows the anonymised name; the name and the phone are free again.
    const listed = (await call('GET', `/sys/user/list?username=${row.username}`)).json().result.records;
    expect(listed[0].realname).toBe(row.realname);
    expect((await call('GET', '/sys/user/checkOnlyUser?username=leaver_b')).json().success).toBe(true);
    expect((await call('GET', '/sys/user/checkOnlyUser?phone=13912345602')).json().success).toBe(true);

    // The logs are kept as they were (the sign-in still names the old account) and every chain verifies.
    await t.app.operationLog.flush();
    const logins = await db()
      .selectFrom('sysLog')
      .select('username')
      .where('userid', '=', id)
      .where('logType', '=', 1)
      .execute();
    expect(logins.map((l) => l.username)).toContain('leaver_b');
    for (const kind of ['operation', 'login', 'data'] as const) {
      const result = await verify(kind);
      expect(result.intact, `${kind}: ${JSON.stringify(result.chains.flatMap((c) => c.problems))}`).toBe(true);
    }
    // The act is an audit event; the data log's newest version of the account reads anonymised.
    const event = await db()
      .selectFrom('sysLog')
      .select(['username'])
      .where('logContent', '=', `${AUDIT_EVENT.prefix}${PRIVACY_AUDIT.anonymise('leaver_b')}`)
      .execute();
    expect(event.map((e) => e.username)).toEqual(['admin']);
    const versions = await db()
      .selectFrom('sysDataLog')
      .select(['dataContent'])
      .where('dataTable', '=', 'sys_user')
      .where('dataId', '=', id)
      .orderBy('dataVersion', 'desc')
      .execute();
    expect(JSON.parse(versions[0]!.dataContent)).toMatchObject({ realname: row.realname, phone: null });
  });

  it('anonymises a deleted user of the caller’s tenant, not one of another tenant', async () => {
    const id = await departing('leaver_c', '13912345603');
    expect((await call('DELETE', `/sys/user/delete?id=${id}`)).statusCode).toBe(200);
    // A deleted user keeps its name until anonymised.
    expect((await call('GET', '/sys/user/checkOnlyUser?username=leaver_c')).json().success).toBe(false);
    const other = await t.request({
      method: 'PUT',
      url: PRIVACY_API.anonymise,
      token: admin,
      tenant: 1002,
      payload: { id },
    });
    expect(other.statusCode).toBe(404);
    const res = await anonymise(id);
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.delFlag, row.phone, row.email]).toEqual([1, null, null]);
    expect((await call('GET', '/sys/user/checkOnlyUser?username=leaver_c')).json().success).toBe(true);
    const added = await call('POST', '/sys/user/add', {
      username: 'leaver_c',
      realname: '新同事',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
    });
    expect(added.statusCode, added.body).toBe(200);
  });
});
