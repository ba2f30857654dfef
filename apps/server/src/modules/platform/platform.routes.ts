import { API, PERM, PROJECT_COST_CEILING_KEY, type MapBase, type PlatformInfo } from '@district/shared';
import { mapBaseInputSchema, parseMapBaseText, platformSettingsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import {
  getMapBase,
  getPlatformSettings,
  MAP_BASE_KEY,
  mapSettingValues,
  projectCostCeiling,
  saveSettings,
} from '../../lib/platform-settings.js';

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

  app.put(API.platformSettings, { config: { auth: PERM.platformEdit, platform: true } }, async (request) => {
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

  // The office's offline base map: read by every map (the guest's included), only when it has no tiles.
  app.get(API.platformMapBase, { config: { auth: 'public' } }, async () => {
    const base: MapBase = { geojson: await getMapBase(db) };
    return ok(base, '查询成功');
  });

  app.put(API.platformMapBase, { config: { auth: PERM.platformEdit, platform: true } }, async (request) => {
    const { geojson } = parse(mapBaseInputSchema, request.body);
    let stored = '';
    if (geojson.trim() !== '') {
      const parsed = parseMapBaseText(geojson);
      if (!parsed.success) throw new ApiError(400, parsed.message);
      // Stored cleaned: only the geometry, a name and a style kind.
      stored = JSON.stringify(parsed.data);
    }
    await saveSettings(db, { [MAP_BASE_KEY]: stored });
    const base: MapBase = { geojson: await getMapBase(db) };
    return ok(base, stored ? '示意底图已保存' : '已恢复内置示意底图');
  });
}
