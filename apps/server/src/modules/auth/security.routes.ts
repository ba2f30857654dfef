import {
  MSG,
  PERM,
  SECURITY_API as A,
  SECURITY_MESSAGES as M,
  type PasswordPolicy,
  type SecuritySettings,
  type SecuritySettingsView,
  type SessionState,
} from '@district/shared';
import { securitySettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { getSecuritySettings, saveSecuritySettings } from '../../lib/security-settings.js';
import { assertMayEnableOfficerMode } from '../../lib/access/officers.js';
import { auditSecurityChange } from '../../lib/security-audit.js';
import { defaultTotpRoleCodes } from './totp.service.js';

/**
 * 平台设置 → 安全设置 (the settings object every security control reads), the password rule every password form
 * shows, and the session's idle state for the web's warning.
 */
export default async function securityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  const view = async (): Promise<SecuritySettingsView> => ({
    ...(await getSecuritySettings(db)),
    totpDefaultRoleCodes: await defaultTotpRoleCodes(db),
  });

  app.get(A.settings, { config: { auth: [PERM.platformView, PERM.securityEdit] } }, async () =>
    ok(await view(), '查询成功'),
  );

  /** Roles and demo accounts must exist: a typo would silently spare nobody, or everybody. */
  const assertKnown = async (input: SecuritySettings) => {
    if (input.totpRoleCodes.length) {
      const found = await db
        .selectFrom('sysRole')
        .select('roleCode')
        .where('roleCode', 'in', input.totpRoleCodes)
        .execute();
      const missing = input.totpRoleCodes.filter((c) => !found.some((r) => r.roleCode === c));
      if (missing.length) throw new ApiError(400, M.roleUnknown(missing.join('、')));
    }
    if (input.demoAccounts.length) {
      const found = await db
        .selectFrom('sysUser')
        .select('username')
        .where('username', 'in', input.demoAccounts)
        .where('delFlag', '=', 0)
        .execute();
      const missing = input.demoAccounts.filter((n) => !found.some((u) => u.username === n));
      if (missing.length) throw new ApiError(400, M.demoAccountUnknown(missing.join('、')));
    }
  };

  // Security policies are the security officer's (三员分立): their own code, not the platform settings' edit code.
  app.put(A.settings, { config: { auth: PERM.securityEdit, platform: true } }, async (request) => {
    const input = parse(securitySettingsSchema, request.body);
    const current = await getSecuritySettings(db);
    // A client that does not send a switch of another control leaves it as it is.
    const next: SecuritySettings = { ...current, ...input };
    await assertKnown(next);
    // Three-officer mode turns on only while no account holds two duties (the refusal names them); a role given
    // meanwhile is caught by the second look, and the switch goes back off.
    const switchingOn = next.threeOfficerMode && !current.threeOfficerMode;
    if (switchingOn) await assertMayEnableOfficerMode(db);
    await saveSecuritySettings(db, next);
    if (switchingOn) {
      try {
        await assertMayEnableOfficerMode(db);
      } catch (error) {
        await saveSecuritySettings(db, { ...next, threeOfficerMode: false });
        throw error;
      }
    }
    auditSecurityChange(request, current, next);
    // The guard keeps the settings per auth-cache epoch: every instance reads them again at once.
    await ctx.authCache.invalidate();
    return ok(await view(), '保存成功！');
  });

  app.get(A.passwordPolicy, { config: { auth: 'public' } }, async () => {
    const policy: PasswordPolicy = (await getSecuritySettings(db)).password;
    return ok(policy, '查询成功');
  });

  /**
   * The session's idle state. The web asks before it warns (another tab may have kept the session); this call is not
   * activity, whatever it carries.
   */
  app.get(A.sessionState, { config: { auth: 'user', passwordChange: true, activity: false } }, async (request) => {
    const me = currentUser(request);
    const idleMs = (await getSecuritySettings(db)).idleMinutes * 60_000;
    const activeAt = me.session?.activeAt ?? Date.now();
    const state: SessionState = { idleMs, remainingMs: Math.max(0, activeAt + idleMs - Date.now()) };
    return ok(state, '查询成功');
  });

  /**
   * 继续使用 (and the web's note that the user is busy in a form without sending anything): records the activity at
   * once, whatever the guard's write interval, and answers the time the session now has.
   */
  app.post(A.keepAlive, { config: { auth: 'user', passwordChange: true } }, async (request) => {
    const me = currentUser(request);
    const idleMs = (await getSecuritySettings(db)).idleMinutes * 60_000;
    const now = Date.now();
    if (!(await ctx.tokens.touch(me.token, now))) throw new ApiError(401, MSG.tokenExpired);
    if (me.session) me.session.activeAt = now;
    const state: SessionState = { idleMs, remainingMs: idleMs };
    return ok(state, '已继续');
  });
}
