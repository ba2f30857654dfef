import {
  AUDIT_EVENT,
  GUEST_CREDENTIALS,
  PRIVACY_API,
  PRIVACY_AUDIT,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE,
  type AccountSettings,
  type MyData,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { newId } from '../../lib/ids.js';
import { sealPersonal, SEALED_COLUMNS } from '../../lib/personal-data.js';
import type { MemorySmsProvider } from '../../lib/sms/sms-provider.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { smsPhoneKey } from './sms-code.service.js';

/*
 * 个人中心 → 我的数据 and the privacy notice of registration (issue 24 item 12): a user sees and downloads what the
 * system holds about them, and only about them; registration needs the notice accepted, and the acceptance is kept.
 */

const ADMIN_PHONE = '13800000001';
const STAFF_PHONE = '13800000002';

describe.each(targets)('my data and the privacy notice on $name', (target) => {
  let t: TestApp;
  let sms: MemorySmsProvider;
  let admin: string;
  let staff: string;
  const get = (url: string, token: string, tenant: number | null = 1001) =>
    t.request({ method: 'GET', url, token, tenant: tenant ?? undefined });
  const myData = async (token: string, tenant: number | null = 1001) => {
    const res = await get(PRIVACY_API.myData, token, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as MyData;
  };

  beforeAll(async () => {
    t = await startApp(target, { smsProvider: 'memory' });
    sms = t.app.ctx.sms as MemorySmsProvider;
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('shows the signed-in user their own data, whole, and nobody else’s', async () => {
    // A room ticket held under the staff member's phone number.
    const { db } = t.app.ctx.db;
    const project = (await db.selectFrom('bizProject').select(['id', 'name']).executeTakeFirst()) ?? null;
    const idCard = sealPersonal(t.app.ctx.fields, SEALED_COLUMNS.ticketHolderIdCard, '110101199003091234');
    const holderPhone = sealPersonal(t.app.ctx.fields, SEALED_COLUMNS.ticketHolderPhone, STAFF_PHONE);
    await db
      .insertInto('bizRoomTicket')
      .values({
        id: newId(),
        ticketNo: 'FP-MYDATA-1',
        holderName: '员工本人',
        holderIdCard: idCard.value!,
        holderIdCardHash: idCard.hash,
        holderPhone: holderPhone.value!,
        holderPhoneHash: holderPhone.hash,
        projectId: project?.id ?? newId(),
        faceAmount: 1234500,
        usedAmount: 0,
        issueDate: '2026-11-01',
        expiryDate: '2027-11-01',
        status: 'issued',
        version: 0,
        tenantId: 1001,
        sysOrgCode: 'A01',
        delFlag: 0,
      } as never)
      .execute();

    const mine = await myData(staff);
    expect(mine.profile).toMatchObject({ username: SEED_ACCOUNTS.staff.username, phone: STAFF_PHONE, status: '正常' });
    expect(mine.roles.length).toBeGreaterThan(0);
    expect(mine.departs.length).toBeGreaterThan(0);
    expect(mine.logins.length).toBeGreaterThan(0);
    expect(mine.logins[0]).toMatchObject({ result: '成功' });
    expect(mine.tickets).toEqual([
      expect.objectContaining({ ticketNo: 'FP-MYDATA-1', holderName: '员工本人', status: '已发放', faceAmount: 12345 }),
    ]);
    // Nothing of the administrator's: neither the profile, nor the phone, nor the ticket held by another.
    const body = JSON.stringify(mine);
    expect(body).not.toContain(ADMIN_PHONE);
    expect(body).not.toMatch(/"username":"admin"/);
    const theirs = await myData(admin);
    expect(theirs.profile).toMatchObject({ username: 'admin', phone: ADMIN_PHONE });
    expect(theirs.tickets).toEqual([]);
    // No parameter names another user: the answer is the session's account whatever is asked.
    const asked = await get(`${PRIVACY_API.myData}?userId=${encodeURIComponent('x')}`, staff);
    expect(asked.json().result.profile.username).toBe(SEED_ACCOUNTS.staff.username);
  });

  it('is closed to the display’s guest account and to callers not signed in', async () => {
    const guest = (await t.request({ method: 'POST', url: '/sys/apiLogin', payload: GUEST_CREDENTIALS })).json().result
      .token as string;
    expect((await get(PRIVACY_API.myData, guest)).statusCode).toBe(403);
    expect((await get(PRIVACY_API.myDataExport, guest)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: PRIVACY_API.myData })).statusCode).toBe(401);
  });

  it('downloads the data as a readable file, and the download is an audit event', async () => {
    const res = await get(PRIVACY_API.myDataExport, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const doc = JSON.parse(res.body) as Record<string, Record<string, unknown>>;
    expect(doc['基本信息']).toMatchObject({ 用户账号: SEED_ACCOUNTS.staff.username, 手机号: STAFF_PHONE });
    await t.app.operationLog.flush();
    const rows = await t.app.ctx.db.db
      .selectFrom('sysLog')
      .select(['username', 'operateType'])
      .where('logContent', '=', `${AUDIT_EVENT.prefix}${AUDIT_EVENT.exportPersonalData(PRIVACY_AUDIT.exportMine)}`)
      .execute();
    expect(rows.map((r) => r.username)).toContain(SEED_ACCOUNTS.staff.username);
  });

  describe('registration', () => {
    async function openRegistration() {
      const current = (await get('/account/settings', admin)).json().result as AccountSettings;
      const res = await t.request({
        method: 'PUT',
        url: '/account/settings',
        token: admin,
        payload: { ...current, registerOpen: true, registerApproval: false },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    async function code(mobile: string) {
      await t.app.ctx.kv.del(`sms:minute:${smsPhoneKey(t.app.ctx, mobile)}`);
      const sent = await t.request({ method: 'POST', url: '/account/sms', payload: { mobile, purpose: 'register' } });
      expect(sent.statusCode, sent.body).toBe(200);
      return /\d{6}/.exec(sms.last(mobile)?.text ?? '')?.[0] ?? '';
    }
    const register = (body: object) => t.request({ method: 'POST', url: '/auth/register', payload: body });
    const base = { password: 'Newbie@2026', confirmPassword: 'Newbie@2026', realname: '新注册' };

    it('is refused without the notice accepted, and records the acceptance with it', async () => {
      await openRegistration();
      const mobile = '13600000011';
      const smscode = await code(mobile);
      const count = async () =>
        Number(
          (
            await t.app.ctx.db.db
              .selectFrom('sysUser')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      for (const privacy of [{}, { privacyAccepted: false }]) {
        const res = await register({ ...base, username: 'privacy_user', mobile, smscode, ...privacy });
        expect([res.statusCode, res.json().message]).toEqual([400, PRIVACY_MESSAGES.noticeRequired]);
      }
      const outdated = await register({
        ...base,
        username: 'privacy_user',
        mobile,
        smscode,
        privacyAccepted: true,
        privacyVersion: '2000-01-01',
      });
      expect(outdated.json().message).toBe(PRIVACY_MESSAGES.noticeOutdated);
      expect(await count()).toBe(before);

      // The refusals did not use up the code.
      const res = await register({
        ...base,
        username: 'privacy_user',
        mobile,
        smscode,
        privacyAccepted: true,
        privacyVersion: PRIVACY_NOTICE.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      const user = await t.app.ctx.db.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'privacy_user')
        .executeTakeFirstOrThrow();
      const consents = await t.app.ctx.db.db
        .selectFrom('sysPrivacyConsent')
        .selectAll()
        .where('userId', '=', user.id)
        .execute();
      expect(consents).toEqual([expect.objectContaining({ noticeVersion: PRIVACY_NOTICE.version, ip: '127.0.0.1' })]);
      expect(consents[0]!.acceptTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      // 我的数据 shows it (the account belongs to no tenant: registration's default).
      const token = await t.login('privacy_user', 'Newbie@2026');
      const mine = await myData(token, null);
      expect(mine.consents).toEqual([
        {
          title: PRIVACY_NOTICE.title,
          version: PRIVACY_NOTICE.version,
          acceptTime: consents[0]!.acceptTime,
          ip: '127.0.0.1',
        },
      ]);
      expect(mine.profile).toMatchObject({ username: 'privacy_user', realname: '新注册', phone: mobile });
    });
  });
});
