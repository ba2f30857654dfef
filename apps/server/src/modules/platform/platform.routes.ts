import { API, PERM, type PlatformInfo } from '@district/shared';
import { platformSettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http.js';
import { getPlatformSettings, mapSettingValues, saveSettings } from './platform.service.js';

export default async function platformRoutes(app: FastifyInstance) {
  const { db } = app.ctx.db;
  const { config } = app.ctx;

  app.get(API.platformInfo, { config: { auth: 'public' } }, async () => {
    const info: PlatformInfo = {
      ...(await getPlatformSettings(db)),
      showSettings: config.showSettings,
      captchaEnabled: config.captchaEnabled,
    };
    return ok(info, '查询成功');
  });

  app.get(API.platformSettings, { config: { auth: PERM.platformView } }, async () => {
    return ok(await getPlatformSettings(db), '查询成功');
  });

  app.put(API.platformSettings, { config: { auth: PERM.platformEdit } }, async (request) => {
    const input = parse(platformSettingsSchema, request.body);
    await saveSettings(db, {
      systemName: input.systemName,
      logoUrl: input.logoUrl,
      logoTitle: input.logoTitle,
      ...(input.map ? mapSettingValues(input.map) : {}),
    });
    return ok(await getPlatformSettings(db), '保存成功！');
  });
}
