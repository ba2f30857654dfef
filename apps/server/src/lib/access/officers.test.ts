import {
  API,
  LOG_API,
  OFFICER_MESSAGES as M,
  OFFICER_ROLE_ID,
  ROLE_ADMIN_API,
  ROLE_USER_API,
  type SecuritySettings,
  type SecuritySettingsView,
  type UserPermissionResult,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/*
 * 三员分立 (issue 24 item 4) through the API: the switch refuses to turn on while an account holds two duties, and
 * while it is on the logs are the audit officer's alone, and no account can be given (or give itself) a second duty.
 */
describe.each(targets)('three-officer mode on $name', (target) => {
  let t: TestApp;
  const tokens: Record<'admin' | 'sysadmin' | 'secadmin' | 'auditor', string> = {
    admin: '',
    sysadmin: '',
    secadmin: '',
    auditor: '',
  };
  const staffId = seedId('user:staff');

  beforeAll(async () => {
    t = await startApp(target);
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) } as never);

  async function switchMode(on: boolean, token = tokens.secadmin) {
    const view = (await call('GET', '/sys/platform/security', token)).json().result as SecuritySettingsView;
    const { totpDefaultRoleCodes: _resolved, ...settings } = view;
    return call('PUT', '/sys/platform/security', token, {
      ...settings,
      threeOfficerMode: on,
    } satisfies SecuritySettings);
  }
  const giveRole = (roleId: string, userId: string, token = tokens.admin) =>
    call('POST', ROLE_USER_API.add, token, { roleId, userIdList: [userId] });
  const takeRole = (roleId: string, userId: string) =>
    call('DELETE', `${ROLE_USER_API.remove}?roleId=${roleId}&userId=${userId}`, tokens.admin);
  const menuUrls = async (token: string) => {
    const result = (await call('GET', API.userPermission, token)).json().result as UserPermissionResult;
    const urls: string[] = [];
    const walk = (items: typeof result.menu) => {
      for (const m of items) {
        if (m.path) urls.push(m.path);
        if (m.children) walk(m.children);
      }
    };
    walk(result.menu);
    return { urls, codes: result.auth.map((a) => a.action) };
  };

  it('refuses to switch on while an account holds two duties, naming it and what it combines', async () => {
    expect((await giveRole(OFFICER_ROLE_ID.security, staffId)).statusCode).toBe(200);
    expect((await giveRole(OFFICER_ROLE_ID.audit, staffId)).statusCode).toBe(200);
    const refused = await switchMode(true);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      M.switchRefused('staff（安全管理员和审计管理员）'),
    ]);
    const view = (await call('GET', '/sys/platform/security', tokens.secadmin)).json().result as SecuritySettingsView;
    expect(view.threeOfficerMode).toBe(false);
    // The logs are still everybody's who holds the right while the mode is off.
    expect((await call('GET', '/sys/log/list', tokens.admin)).statusCode).toBe(200);

    expect((await takeRole(OFFICER_ROLE_ID.security, staffId)).statusCode).toBe(200);
    expect((await takeRole(OFFICER_ROLE_ID.audit, staffId)).statusCode).toBe(200);
    const on = await switchMode(true);
    expect(on.statusCode, on.body).toBe(200);
  });

  it('leaves the logs and their check to the audit officer alone, who reaches nothing else', async () => {
    for (const name of ['admin', 'sysadmin', 'secadmin'] as const) {
      expect((await call('GET', '/sys/log/list', tokens[name])).statusCode, name).toBe(403);
      expect((await call('GET', '/sys/dataLog/list', tokens[name])).statusCode, name).toBe(403);
      expect((await call('GET', `${LOG_API.verify}?kind=operation`, tokens[name])).statusCode, name).toBe(403);
      const { urls } = await menuUrls(tokens[name]);
      expect(urls, name).not.toContain('/system/log');
      expect(urls, name).not.toContain('/system/dataLog');
    }
    expect((await call('GET', '/sys/log/list', tokens.auditor)).statusCode).toBe(200);
    expect((await call('GET', '/sys/dataLog/list', tokens.auditor)).statusCode).toBe(200);
    const verified = await call('GET', `${LOG_API.verify}?kind=login`, tokens.auditor);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await call('GET', '/sys/user/list', tokens.auditor)).statusCode).toBe(403);
    expect((await call('GET', '/sys/platform/security', tokens.auditor)).statusCode).toBe(403);
    const { urls } = await menuUrls(tokens.auditor);
    expect(urls).toContain('/system/log');
    expect(urls).toContain('/system/dataLog');
    expect(urls.filter((u) => u.startsWith('/system/') && !['/system/log', '/system/dataLog'].includes(u))).toEqual([]);
    // The system officer configures, the security officer does not (and the other way round).
    expect((await call('GET', '/sys/user/list', tokens.sysadmin)).statusCode).toBe(200);
    expect((await call('GET', '/sys/user/list', tokens.secadmin)).statusCode).toBe(403);
    expect((await switchMode(true, tokens.sysadmin)).statusCode).toBe(403);
  });

  it('refuses giving an account a second duty, to another or to oneself, and grants cannot hand out the logs', async () => {
    const sysadminId = seedId('user:sysadmin');
    const secadminId = seedId('user:secadmin');
    const toOther = await giveRole(OFFICER_ROLE_ID.audit, sysadminId);
    expect([toOther.statusCode, toOther.json().message]).toEqual([
      400,
      M.conflict('sysadmin', '系统管理员和审计管理员'),
    ]);
    const toSelf = await giveRole(OFFICER_ROLE_ID.audit, secadminId, tokens.secadmin);
    // Refused before the separation is looked at: the audit officer's rights are beyond the security officer's own.
    expect([toSelf.statusCode, toSelf.json().message]).toEqual([403, '不能授予超出您权限范围的角色：审计管理员']);
    const adminWithAudit = await giveRole(OFFICER_ROLE_ID.audit, seedId('user:admin'));
    expect([adminWithAudit.statusCode, adminWithAudit.json().message]).toEqual([
      400,
      M.conflict('admin', M.auditWithAdmin),
    ]);
    // Nothing was kept of the refused writes.
    const audit = await call('GET', `${ROLE_USER_API.list}?roleId=${OFFICER_ROLE_ID.audit}`, tokens.admin);
    expect(audit.json().result.records.map((u: { username: string }) => u.username)).toEqual(['auditor']);

    // The security officer cannot grant its own role the logs (not its own to give)...
    const logMenu = seedId('perm:system-log');
    const logList = seedId('perm:system:log:list');
    const current = (
      await call('GET', `${ROLE_ADMIN_API.queryRolePermission}?roleId=${OFFICER_ROLE_ID.security}`, tokens.secadmin)
    ).json().result as string[];
    const granted = await call('POST', ROLE_ADMIN_API.saveRolePermission, tokens.secadmin, {
      roleId: OFFICER_ROLE_ID.security,
      permissionIds: [...current, logMenu, logList].join(','),
      lastpermissionIds: current.join(','),
    });
    expect(granted.statusCode).toBe(400);
    expect(granted.json().message).toMatch(/^不能授予您自己没有的权限：(日志查询、日志管理|日志管理、日志查询)$/);
    // ...and a grant made before the mode was on (here: written straight into the table) counts for nothing.
    await t.app.ctx.db.db
      .insertInto('sysRolePermission')
      .values(
        [logMenu, logList].map((permissionId) => ({
          id: seedId(`test-grant:${permissionId}`),
          roleId: OFFICER_ROLE_ID.security,
          permissionId,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    await t.app.ctx.authCache.invalidate();
    const again = await t.login('secadmin');
    expect((await call('GET', '/sys/log/list', again)).statusCode).toBe(403);
    expect((await menuUrls(again)).urls).not.toContain('/system/log');

    // Off again, the rights are as granted.
    expect((await switchMode(false)).statusCode).toBe(200);
    expect((await call('GET', '/sys/log/list', tokens.admin)).statusCode).toBe(200);
  });
});
