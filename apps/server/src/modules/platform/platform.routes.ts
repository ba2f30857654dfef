import { API, PERM, type PlatformInfo, type PlatformSettings } from '@district/shared';
import { platformSettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http.js';
import { DEFAULT_SYSTEM_NAME, getSettings, saveSettings } from './platform.service.js';

export default async function platformRoutes(app: FastifyInstance) {
  const { db } = app.ctx.db;
  const { config } = app.ctx;

  app.get(API.platformInfo, { config: { auth: 'public' } }, async () => {
    const s = await getSettings(db);
    const info: PlatformInfo = {
      systemName: s.systemName || DEFAULT_SYSTEM_NAME,
      logoUrl: s.logoUrl ?? '',
      showSettings: config.showSettings,
      captchaEnabled: config.captchaEnabled,
    };
    return ok(info, '查询成功');
  });

  app.get(API.platformSettings, { config: { auth: PERM.platformView } }, async () => {
    const s = await getSettings(db);
    const settings: PlatformSettings = { systemName: s.systemName || DEFAULT_SYSTEM_NAME, logoUrl: s.logoUrl ?? '' };
    return ok(settings, '查询成功');
  });

  app.put(API.platformSettings, { config: { auth: PERM.platformEdit } }, async (request) => {
    const input = parse(platformSettingsSchema, request.body);
    await saveSettings(db, { systemName: input.systemName, logoUrl: input.logoUrl });
    return ok(input, '保存成功！');
  });
}
