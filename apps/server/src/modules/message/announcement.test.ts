import { createRequire } from 'node:module';
import { ANNT_API, ANNT_SEND_API, GUEST_CREDENTIALS, MESSAGE_MESSAGES, PERM, SOCKET_PROTOCOL } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The few members of the `ws` client the tests use. */
interface Client {
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
}
const WebSocketClient = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Client;

interface Peer {
  client: Client;
  messages: Record<string, unknown>[];
  /** Waits for a message matching `predicate`, or rejects after timeoutMs. */
  next(predicate: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** Opens the notice socket as the web does (token in the sub-protocol); answers the HTTP status if refused. */
function open(url: string, token: string): Promise<Peer | number> {
  const client = new WebSocketClient(url, [SOCKET_PROTOCOL, token]);
  const messages: Record<string, unknown>[] = [];
  client.on('message', (data) => {
    try {
      messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
    } catch {
      messages.push({ raw: data.toString() });
    }
  });
  const peer: Peer = {
    client,
    messages,
    next: async (predicate, timeoutMs = 3000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > until) throw new Error('no message');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  return new Promise((resolve, reject) => {
    client.on('unexpected-response', (_req, res) => resolve(res.statusCode));
    client.on('open', () => resolve(peer));
    client.on('error', reject);
  });
}

async function connect(url: string, token: string): Promise<Peer> {
  const peer = await open(url, token);
  if (typeof peer === 'number') throw new Error(`socket refused with ${peer}`);
  return peer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(targets)('announcements on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffId: string;
  let otherId: string;
  let other: string;
  let socketBase: string;
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, payload });
  const db = () => t.app.ctx.db.db;
  const draft = async (payload: object = {}) => {
    const res = await call('POST', `${ANNT_API.base}/add`, {
      titile: '停电通知',
      msgContent: '<p>周五停电</p>',
      priority: 'H',
      msgCategory: '1',
      msgType: 'USER',
      userIds: [staffId],
      ...payload,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const release = (id: string, token = admin) => call('GET', `${ANNT_API.release}?id=${id}`, undefined, token);
  const bell = async (token: string) => (await call('GET', ANNT_API.listByUser, undefined, token)).json().result;

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    staffId = (await db().selectFrom('sysUser').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow())
      .id;
    const role = await roleWith(t, admin, 1001, 'annt_reader', [PERM.userList]);
    otherId = await accountWith(t, admin, 1001, 'annt_other', [role]);
    other = await t.login('annt_other', 'Passw0rd!');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketBase = `${address.replace('http', 'ws')}${t.config.apiBase}/websocket`;
  }, 60_000);
  afterAll(async () => t?.close());

  it('stores a draft with its script stripped, and refuses bad input without writing', async () => {
    const id = await draft({ msgContent: '<p>正文</p><script>alert(1)</script><img src=x onerror=alert(2)>' });
    const row = await db().selectFrom('sysAnnouncement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.msgContent).toContain('正文');
    expect(row.msgContent).not.toMatch(/script|onerror/);
    expect(row.sendStatus).toBe('0');
    expect(row.userIds).toBe(staffId);

    const before = await db().selectFrom('sysAnnouncement').select('id').execute();
    const bad = async (payload: object) => {
      const res = await call('POST', `${ANNT_API.base}/add`, {
        titile: 't',
        priority: 'L',
        msgCategory: '1',
        msgType: 'ALL',
        ...payload,
      });
      return [res.statusCode, res.json().message];
    };
    expect(await bad({ startTime: '2026-12-02 00:00:00', endTime: '2026-12-01 00:00:00' })).toEqual([
      400,
      MESSAGE_MESSAGES.endBeforeStart,
    ]);
    expect(await bad({ msgType: 'USER', userIds: [] })).toEqual([400, MESSAGE_MESSAGES.usersRequired]);
    expect(await bad({ titile: '' })).toEqual([400, MESSAGE_MESSAGES.titleRequired]);
    expect(await bad({ priority: 'X' })).toEqual([400, MESSAGE_MESSAGES.priorityRequired]);
    expect(await bad({ openType: 'url', openPage: 'https://evil.example' })).toEqual([
      400,
      MESSAGE_MESSAGES.openPageInvalid,
    ]);
    expect(await bad({ sendStatus: '1' })).toEqual([400, expect.any(String)]);
    expect((await db().selectFrom('sysAnnouncement').select('id').execute()).length).toBe(before.length);
  });

  it('keeps 打开页面 inside the site: other sites in any spelling are refused at add and edit', async () => {
    const spellings = [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%252f%252fevil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ];
    const before = await db().selectFrom('sysAnnouncement').select('id').execute();
    for (const openPage of spellings) {
      const res = await call('POST', `${ANNT_API.base}/add`, {
        titile: '跳转',
        priority: 'L',
        msgCategory: '1',
        msgType: 'ALL',
        openType: 'url',
        openPage,
      });
      expect([res.statusCode, res.json().message], openPage).toEqual([400, MESSAGE_MESSAGES.openPageInvalid]);
    }
    expect((await db().selectFrom('sysAnnouncement').select('id').execute()).length).toBe(before.length);

    // An edit that sends the page alone (openType stays url) is checked too; the stored page is unchanged.
    const id = await draft({ openType: 'url', openPage: '/asset/index' });
    for (const openPage of spellings) {
      const res = await call('PUT', `${ANNT_API.base}/edit`, { id, openPage });
      expect([res.statusCode, res.json().message], openPage).toEqual([400, MESSAGE_MESSAGES.openPageInvalid]);
    }
    const row = await db()
      .selectFrom('sysAnnouncement')
      .select('openPage')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.openPage).toBe('/asset/index');
    expect((await call('PUT', `${ANNT_API.base}/edit`, { id, openPage: '/dashboard/analysis?tab=1' })).statusCode).toBe(
      200,
    );
  });

  it('never hands a recipient a stored page of another site, and will not re-open it as url', async () => {
    const id = await draft({ titile: '旧数据', openType: 'component' });
    // Written around the API, as older data or a direct database edit would be.
    await db()
      .updateTable('sysAnnouncement')
      .set({ openType: 'url', openPage: '/%2f%2fevil.example' })
      .where('id', '=', id)
      .execute();
    expect((await release(id)).statusCode).toBe(200);
    const listed = (await bell(staff)).anntMsgList.find((n: { id: string }) => n.id === id);
    expect(listed).toMatchObject({ openType: 'url', openPage: null });
    const read = (await call('GET', `${ANNT_API.queryById}?id=${id}`, undefined, staff)).json().result;
    expect(read.openPage).toBeNull();
    const mine = (await call('GET', ANNT_SEND_API.mine, undefined, staff)).json().result;
    expect(mine.records.find((r: { id: string }) => r.id === id)?.openPage).toBeNull();

    await call('GET', `${ANNT_API.revoke}?id=${id}`);
    const res = await call('PUT', `${ANNT_API.base}/edit`, { id, titile: '旧数据（改）' });
    expect([res.statusCode, res.json().message]).toEqual([400, MESSAGE_MESSAGES.openPageInvalid]);
  });

  it('releases to the chosen user only: their bell lists it, opening marks it read', async () => {
    const id = await draft({ titile: '仅张三可见' });
    const res = await release(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGE_MESSAGES.released);
    expect(res.json().result.reached).toBe(1);
    const sends = await db().selectFrom('sysAnnouncementSend').selectAll().where('anntId', '=', id).execute();
    expect(sends.map((s) => s.userId)).toEqual([staffId]);

    const mine = await bell(staff);
    expect(mine.anntMsgList.map((n: { titile: string }) => n.titile)).toContain('仅张三可见');
    const count = mine.anntMsgTotal as number;
    expect((await bell(other)).anntMsgList.map((n: { id: string }) => n.id)).not.toContain(id);

    // A recipient reads it; another user is told it does not exist.
    expect((await call('GET', `${ANNT_API.queryById}?id=${id}`, undefined, staff)).json().result.titile).toBe(
      '仅张三可见',
    );
    expect((await call('GET', `${ANNT_API.queryById}?id=${id}`, undefined, other)).statusCode).toBe(404);

    // Released: locked against edit and delete until revoked; a second release is refused.
    expect((await call('PUT', `${ANNT_API.base}/edit`, { id, titile: '改' })).json().message).toBe(
      MESSAGE_MESSAGES.releasedLocked,
    );
    expect((await call('DELETE', `${ANNT_API.base}/delete?id=${id}`)).statusCode).toBe(400);
    expect((await release(id)).json().message).toBe(MESSAGE_MESSAGES.notDraft);

    expect((await call('PUT', ANNT_SEND_API.read, { anntId: id }, staff)).statusCode).toBe(200);
    const after = await bell(staff);
    expect(after.anntMsgTotal).toBe(count - 1);
    expect(after.anntMsgList.map((n: { id: string }) => n.id)).not.toContain(id);
    // Marking someone else's notice is refused.
    expect((await call('POST', ANNT_SEND_API.read, { anntId: id }, other)).statusCode).toBe(404);

    const page = (await call('GET', `${ANNT_SEND_API.mine}?readFlag=1`, undefined, staff)).json().result;
    expect(page.records.find((r: { id: string }) => r.id === id)?.readFlag).toBe(1);

    // Revoked: gone from the lists, editable again.
    expect((await call('GET', `${ANNT_API.revoke}?id=${id}`)).json().message).toBe(MESSAGE_MESSAGES.revoked);
    const gone = (await call('GET', ANNT_SEND_API.mine, undefined, staff)).json().result;
    expect(gone.records.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await call('PUT', `${ANNT_API.base}/edit`, { id, titile: '改过' })).statusCode).toBe(200);
  });

  it('reaches departments (with sub-departments) and roles; a release to nobody is refused', async () => {
    const roleId = (
      await db().selectFrom('sysUserRole').select('roleId').where('userId', '=', otherId).executeTakeFirstOrThrow()
    ).roleId;
    const byRole = await draft({ msgType: 'ROLE', userIds: null, roleIds: [roleId] });
    expect((await release(byRole)).json().result.reached).toBe(1);
    expect((await bell(other)).anntMsgList.map((n: { id: string }) => n.id)).toContain(byRole);

    const emptyDepart = await db()
      .selectFrom('sysDepart')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('sysUserDepart as ud').select('ud.id').whereRef('ud.depId', '=', 'sysDepart.id')),
        ),
      )
      .where('orgCode', 'like', 'A01A02%')
      .orderBy('orgCode', 'desc')
      .executeTakeFirst();
    if (emptyDepart) {
      const nobody = await draft({ msgType: 'DEPART', userIds: null, departIds: [emptyDepart.id] });
      expect((await release(nobody)).json().message).toBe(MESSAGE_MESSAGES.nobody);
      expect(await db().selectFrom('sysAnnouncementSend').select('id').where('anntId', '=', nobody).execute()).toEqual(
        [],
      );
    }
    // The user picker sends usernames: they reach the same account.
    const byName = await draft({ userIds: ['staff'] });
    expect((await release(byName)).json().result.reached).toBe(1);
    expect((await bell(staff)).anntMsgList.map((n: { id: string }) => n.id)).toContain(byName);

    const ghost = await draft({ userIds: ['no-such-user'] });
    const refused = await release(ghost);
    expect([refused.statusCode, refused.json().message]).toEqual([400, MESSAGE_MESSAGES.nobody]);
  });

  it('system messages are listed apart; read-all clears the bell', async () => {
    const id = await draft({ msgCategory: '2', titile: '系统维护' });
    await release(id);
    const lists = await bell(staff);
    expect(lists.sysMsgList.map((n: { id: string }) => n.id)).toContain(id);
    expect(lists.anntMsgList.map((n: { id: string }) => n.id)).not.toContain(id);
    expect((await call('POST', ANNT_SEND_API.readAll, {}, staff)).statusCode).toBe(200);
    const cleared = await bell(staff);
    expect([cleared.anntMsgTotal, cleared.sysMsgTotal]).toEqual([0, 0]);
  });

  it('keeps the guest and users without the right out', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const [method, url] of [
      ['GET', `${ANNT_API.base}/list`],
      ['GET', ANNT_API.listByUser],
      ['GET', ANNT_SEND_API.mine],
      ['GET', `${ANNT_API.release}?id=x`],
    ] as const) {
      expect((await call(method, url, undefined, guest)).statusCode).toBe(403);
    }
    expect((await call('GET', `${ANNT_API.base}/list`, undefined, staff)).statusCode).toBe(403);
    expect((await call('POST', `${ANNT_API.base}/add`, { titile: 'x' }, staff)).statusCode).toBe(403);
    expect((await call('GET', `${ANNT_API.release}?id=x`, undefined, staff)).statusCode).toBe(403);
    expect(await open(`${socketBase}/${staffId}`, guest)).toBe(403);
  });

  it('pushes a release to the recipient’s socket only; another user’s id is refused', async () => {
    expect(await open(`${socketBase}/${staffId}`, other)).toBe(403);
    const staffSocket = await connect(`${socketBase}/${staffId}`, staff);
    const otherSocket = await connect(`${socketBase}/${otherId}`, other);
    staffSocket.client.send('ping');
    await staffSocket.next((m) => m.cmd === 'heartcheck');
    // Not JSON, unknown type: ignored, the socket stays.
    staffSocket.client.send('{oops');
    staffSocket.client.send(JSON.stringify({ cmd: 'nonsense' }));
    const id = await draft({ titile: '推送测试' });
    await release(id);
    expect(await staffSocket.next((m) => m.msgId === id)).toMatchObject({ cmd: 'user', msgTxt: '推送测试' });
    await sleep(200);
    expect(otherSocket.messages.find((m) => m.msgId === id)).toBeUndefined();

    const everyone = await draft({ titile: '全体通知', msgType: 'ALL', userIds: null });
    await release(everyone);
    await staffSocket.next((m) => m.msgId === everyone && m.cmd === 'topic');
    await otherSocket.next((m) => m.msgId === everyone && m.cmd === 'topic');

    // A client that drops and comes back catches up from listByUser.
    staffSocket.client.close();
    const missed = await draft({ titile: '离线期间' });
    await release(missed);
    const again = await connect(`${socketBase}/${staffId}`, staff);
    expect((await bell(staff)).anntMsgList.map((n: { id: string }) => n.id)).toContain(missed);
    again.client.close();
    otherSocket.client.close();
  });
});

const redisTarget = targets.find((target) => target.name === 'sqlite+redis');

describe.runIf(redisTarget)('notice socket across two instances (Redis pub/sub)', () => {
  it('a release made on one instance reaches a socket on the other', async () => {
    const prefix = `da_t_notice_${process.pid}_${Date.now()}:`;
    const one = await startApp(redisTarget!, { redisPrefix: prefix });
    const two = await startApp(redisTarget!, { redisPrefix: prefix });
    try {
      const admin = await one.login();
      const staffToken = await two.login(SEED_ACCOUNTS.staff.username);
      const staffId = (
        await two.app.ctx.db.db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', 'staff')
          .executeTakeFirstOrThrow()
      ).id;
      const address = await two.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await connect(
        `${address.replace('http', 'ws')}${two.config.apiBase}/websocket/${staffId}`,
        staffToken,
      );
      // The instances have databases of their own here; the staff id is the same seeded one on both.
      const added = await one.request({
        method: 'POST',
        url: `${ANNT_API.base}/add`,
        token: admin,
        tenant: 1001,
        payload: { titile: '跨实例', priority: 'L', msgCategory: '1', msgType: 'USER', userIds: [staffId] },
      });
      const id = added.json().result.id as string;
      expect(
        (await one.request({ method: 'GET', url: `${ANNT_API.release}?id=${id}`, token: admin, tenant: 1001 }))
          .statusCode,
      ).toBe(200);
      expect(await socket.next((m) => m.msgId === id)).toMatchObject({ cmd: 'user', msgTxt: '跨实例' });
      socket.client.close();
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
});
