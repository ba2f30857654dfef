import { ACCOUNT_API as A, PERM, type AccountOptions } from '@district/shared';
import { accountSettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http.js';
import { getAccountSettings, saveAccountSettings } from './account.service.js';
import { casLoginUrl } from './cas.service.js';

import accountLoginRoutes from './account-login.routes.js';
import passwordResetRoutes from './password-reset.routes.js';
import myDataRoutes from './my-data.routes.js';
import profileRoutes from './profile.routes.js';
import registerRoutes from './register.routes.js';
import totpRoutes from './totp.routes.js';

/** The account's public options and settings (账户设置); each flow is a routes file of its own. */
export default async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  app.get(A.options, { config: { auth: 'public' } }, async () => {
    const s = await getAccountSettings(db);
    const options: AccountOptions = {
      registerOpen: s.registerOpen,
      phoneLogin: s.phoneLogin,
      alteration: s.alteration,
      captchaEnabled: ctx.config.captchaEnabled,
      casLoginUrl: casLoginUrl(ctx.config),
    };
    return ok(options, '查询成功');
  });

  app.get(A.settings, { config: { auth: PERM.platformView } }, async () =>
    ok(await getAccountSettings(db), '查询成功'),
  );

  app.put(A.settings, { config: { auth: PERM.platformEdit } }, async (request) => {
    await saveAccountSettings(db, parse(accountSettingsSchema, request.body));
    return ok(await getAccountSettings(db), '保存成功！');
  });

  await app.register(accountLoginRoutes);
  await app.register(registerRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(myDataRoutes);
  await app.register(totpRoutes);
}
