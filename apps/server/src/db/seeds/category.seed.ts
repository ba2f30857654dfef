import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import { seedId } from './seed-id.js';

/** The demo asset category tree (资产分类), A01 at the top, three characters per level. */
const TREE: [name: string, children?: [string, string[]][]] = [
  '资产分类',
  [
    ['土地', ['国有建设用地', '集体建设用地', '农用地']],
    ['房屋', ['住宅', '办公用房', '厂房']],
    ['商铺', ['临街商铺', '市场摊位']],
    ['车位', ['地上车位', '地下车位']],
    ['设备', ['办公设备', '专用设备']],
    ['车辆', ['公务用车', '特种车辆']],
  ],
];

const ROOT_CODE = 'A01';
const segment = (i: number) => `A${String(i + 1).padStart(2, '0')}`;

/**
 * Inserts the tree when its root is missing (and its code is free), all at once: nodes an administrator
 * deletes from a seeded tree stay deleted.
 */
export async function seedCategories(db: Kysely<Database>): Promise<void> {
  const rootId = seedId(`category:${ROOT_CODE}`);
  const taken = await db
    .selectFrom('sysCategory')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', rootId), eb('code', '=', ROOT_CODE)]))
    .executeTakeFirst();
  if (taken) return;
  const now = formatDateTime();
  const rows: Database['sysCategory'][] = [];
  const add = (pid: string, code: string, name: string, hasChild: boolean) => {
    const id = seedId(`category:${code}`);
    rows.push({
      id,
      pid,
      name,
      code,
      hasChild: hasChild ? '1' : '0',
      sysOrgCode: null,
      // Lives are written by depreciation.seed.ts (it also fills databases seeded before them).
      depreciationYears: null,
      residualRate: null,
      tenantId: null,
      createBy: 'system',
      createTime: now,
      updateBy: null,
      updateTime: null,
    });
    return id;
  };
  const [rootName, children = []] = TREE;
  add('0', ROOT_CODE, rootName, children.length > 0);
  children.forEach(([name, leaves], i) => {
    const code = `${ROOT_CODE}${segment(i)}`;
    const id = add(rootId, code, name, leaves.length > 0);
    leaves.forEach((leaf, j) => add(id, `${code}${segment(j)}`, leaf, false));
  });
  await db.insertInto('sysCategory').values(rows).execute();
}
