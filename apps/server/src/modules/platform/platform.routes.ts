import { API, PERM, PROJECT_COST_CEILING_KEY, type PlatformInfo } from '@district/shared';
import { platformSettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http.js';
import { getPlatformSettings, mapSettingValues, projectCostCeiling, saveSettings } from './platform.service.js';

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

  // The administrator's settings also carry the projects' cost ceiling (not part of the public info).
  const adminSettings = async () => ({
    ...(await getPlatformSettings(db)),
    projectCostCeilingPercent: await projectCostCeiling(db),
  });

  app.get(API.platformSettings, { config: { auth: PERM.platformView } }, async () => {
    return ok(await adminSettings(), '查询成功');
  });

  app.put(API.platformSettings, { config: { auth: PERM.platformEdit } }, async (request) => {
    const input = parse(platformSettingsSchema, request.body);
    await saveSettings(db, {
      systemName: input.systemName,
      logoUrl: input.logoUrl,
      logoTitle: input.logoTitle,
      ...(input.map ? mapSettingValues(input.map) : {}),
      ...(input.projectCostCeilingPercent !== undefined
        ? { [PROJECT_COST_CEILING_KEY]: String(input.projectCostCeilingPercent) }
        : {}),
    });
    return ok(await adminSettings(), '保存成功！');
  });
}
