import { DEPRECIATION_JOB_HANDLER, DEPRECIATION_ROUTE, JOB_STATUS, PERM, ROLE } from '@district/shared';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import type { MenuSeed } from './reference.seed.js';
import { shippedJobId } from './ops.seed.js';
import { seedId } from './seed-id.js';

/**
 * 折旧报表 under 资产配置 (issue 26 part 2). The asset office reads the report and the schedules; booking a month
 * (计提折旧) is the tenant administrator's (admin gets every button), besides the monthly job.
 */
export const DEPRECIATION_MENU: MenuSeed = {
  key: 'asset-depreciation',
  name: '折旧报表',
  url: DEPRECIATION_ROUTE,
  component: 'asset/AssetDepreciation',
  icon: 'bar-chart',
  roles: [ROLE.assetOffice],
  buttons: [
    { code: PERM.assetDepreciationList, name: '折旧查询' },
    { code: PERM.assetDepreciationBook, name: '计提折旧', roles: [] },
  ],
};

/**
 * 折旧年限 of the seeded asset categories (category.seed.ts), from the Ministry of Finance's table of depreciation
 * lives for government fixed assets (政府固定资产折旧年限表): land is not depreciated (0); buildings of steel or
 * reinforced concrete 50 years; structures (构筑物: surface parking) 8; computers and office equipment 6; special
 * equipment 10 (the table's 5–15 range for 专用设备, machinery-like); vehicles 8. A leaf without its own life takes
 * its parent's. Residual rate 0: government accounting depreciates to nothing unless told otherwise.
 */
export const CATEGORY_LIVES: Record<string, number> = {
  A01A01: 0, // 土地
  A01A02: 50, // 房屋 (住宅, 办公用房, 厂房: reinforced concrete)
  A01A03: 50, // 商铺
  A01A04: 50, // 车位 (underground: part of the building)
  A01A04A01: 8, // 地上车位: a structure (构筑物)
  A01A05: 6, // 设备 (通用设备)
  A01A05A01: 6, // 办公设备 (computers, office equipment)
  A01A05A02: 10, // 专用设备
  A01A06: 8, // 车辆
};

/**
 * Writes the lives into the seeded categories that no person has edited yet (update_by empty) and that have no life:
 * an administrator's change, even back to empty, is never overwritten.
 */
export async function seedCategoryLives(db: Kysely<Database>): Promise<void> {
  for (const [code, years] of Object.entries(CATEGORY_LIVES)) {
    await db
      .updateTable('sysCategory')
      .set({ depreciationYears: years, residualRate: 0 })
      .where('id', '=', seedId(`category:${code}`))
      .where('code', '=', code)
      .where('depreciationYears', 'is', null)
      .where('updateBy', 'is', null)
      .execute();
  }
}

/** The monthly job: on the 1st at 01:30 it books the month before for every tenant. */
export async function seedDepreciationJob(db: Kysely<Database>): Promise<void> {
  const id = shippedJobId('monthly-depreciation');
  const existing = await db.selectFrom('sysQuartzJob').select('id').where('id', '=', id).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('sysQuartzJob')
    .values({
      id,
      jobName: '计提折旧',
      handler: DEPRECIATION_JOB_HANDLER,
      parameter: null,
      cronExpression: '0 30 1 1 * ?',
      status: JOB_STATUS.running,
      description: '每月 1 日 01:30 为各租户计提上月折旧',
      createBy: 'system',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

export async function seedDepreciation(db: Kysely<Database>): Promise<void> {
  await seedCategoryLives(db);
  await seedDepreciationJob(db);
}
