import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_MAP_SETTINGS,
  LEDGER_RULES,
  ledgerNextStatus,
  type AssetStatus,
  type LedgerType,
} from '@district/shared';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { BizAsset, BizAssetLedger, Database } from '../schema.js';
import { seedId } from './seed-id.js';
import { SEED_DEPARTS, SEED_TENANTS } from './demo.seed.js';

/*
 * Demo assets (issue 9): 10,000 assets of a fictional district lying in 成都市锦江区 (the default district box
 * and map centre), with ledger histories consistent with their final state, 30% published, and pictures from
 * the bundled sample images. Generated from a fixed seed, so every start and every database get the same data.
 */

export const DEMO_ASSET_COUNT = 10_000;
export const DEMO_PUBLISHED_SHARE = 0.3;
/** Stored paths of the sample pictures, below the upload root. */
export const SAMPLE_IMAGE_DIR = 'asset/sample';

const SAMPLE_SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sample-images');
const SAMPLE_IMAGES = [
  'residential.png',
  'office.png',
  'factory.png',
  'shop.png',
  'land.png',
  'parking.png',
  'equipment.png',
  'vehicle.png',
] as const;
type Picture = (typeof SAMPLE_IMAGES)[number];

/** Today of the demo world: every event lies before it, so no acquisition is in the future. */
const LAST_EVENT_DATE = '2026-10-31';
const FIRST_ACQUIRED = Date.UTC(2005, 0, 1);
const LAST_ACQUIRED = Date.UTC(2026, 5, 30);
const DAY = 86_400_000;

/** mulberry32: a small, well-known deterministic PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of entries) if ((r -= w) < 0) return value;
      return entries[entries.length - 1]![0];
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export const STREETS = [
  '春熙路',
  '红星路三段',
  '东大街',
  '书院街',
  '督院街',
  '总府路',
  '水井街',
  '合江亭路',
  '天仙桥南路',
  '静安路',
  '莲桂南路',
  '锦华路',
  '东光街',
  '牛市口路',
  '沙河堡路',
  '成龙大道',
  '三圣乡路',
  '琉璃路',
  '柳江路',
  '攀成钢大道',
  '锦江大道',
  '上东大街',
  '海椒市街',
  '大慈寺路',
  '汇泉路',
  '净居寺路',
  '双桂路',
  '白鹭路',
];
export const COMMUNITIES = [
  '锦华苑',
  '东湖花园',
  '莲桂新居',
  '水井坊小区',
  '合江苑',
  '沙河人家',
  '锦绣华庭',
  '琉璃新城',
];
const MARKETS = ['东光农贸市场', '牛市口综合市场', '沙河堡集贸市场', '锦华便民市场'];
export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
export const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
];
const TENANTS = ['成都锦程商贸有限公司', '四川蓉欣餐饮管理有限公司', '锦江区便民服务社', '成都合江物业管理有限公司'];
const OFFICE_EQUIPMENT = ['台式计算机', '笔记本电脑', '多功能复印机', '投影仪', '空调机组', '服务器'];
const SPECIAL_EQUIPMENT = ['配电柜', '客用电梯', '视频监控系统', '消防水泵', '应急发电机'];
const SPECIAL_VEHICLES = ['洒水车', '道路清扫车', '应急指挥车', '垃圾转运车'];

interface Kind {
  /** Leaf category code (category.seed.ts). */
  code: string;
  weight: number;
  name: (r: Rng, i: number) => string;
  area: (r: Rng) => number | null;
  /** Original value in yuan. */
  value: [number, number];
  natures: readonly string[];
  pictures: readonly Picture[];
  certificate: boolean;
}

const street = (r: Rng) => r.pick(STREETS);
const KINDS: Kind[] = [
  {
    code: 'A01A01A01',
    weight: 8,
    name: (r, i) =>
      `${street(r)}${r.pick(['东侧', '西侧', '南侧', '北侧'])}${String.fromCharCode(65 + (i % 6))}-${r.int(1, 30)}地块`,
    area: (r) => r.int(2_000, 60_000),
    value: [5_000_000, 80_000_000],
    natures: ['infrastructure', 'public_service', 'business'],
    pictures: ['land.png'],
    certificate: true,
  },
  {
    code: 'A01A01A02',
    weight: 2,
    name: (r) => `${r.pick(['三圣', '琉璃', '柳江', '成龙'])}村集体建设用地${r.int(1, 40)}号`,
    area: (r) => r.int(1_000, 20_000),
    value: [1_000_000, 20_000_000],
    natures: ['business', 'other'],
    pictures: ['land.png'],
    certificate: true,
  },
  {
    code: 'A01A01A03',
    weight: 2,
    name: (r) => `${r.pick(['三圣花乡', '白鹭湾', '江家艺苑'])}农用地${r.int(1, 60)}号`,
    area: (r) => r.int(3_000, 80_000),
    value: [500_000, 6_000_000],
    natures: ['other', 'public_service'],
    pictures: ['land.png'],
    certificate: true,
  },
  {
    code: 'A01A02A01',
    weight: 18,
    name: (r) => `${r.pick(COMMUNITIES)}${r.int(1, 24)}栋${r.int(1, 4)}单元${r.int(1, 32)}0${r.int(1, 4)}室`,
    area: (r) => r.int(45, 160),
    value: [600_000, 3_000_000],
    natures: ['residential'],
    pictures: ['residential.png', 'office.png'],
    certificate: true,
  },
  {
    code: 'A01A02A02',
    weight: 8,
    name: (r) => `${street(r)}${r.pick(['政务服务楼', '综合办公楼', '社区服务中心', '街道办公楼'])}${r.int(1, 12)}层`,
    area: (r) => r.int(200, 2_500),
    value: [2_000_000, 30_000_000],
    natures: ['office', 'public_service'],
    pictures: ['office.png', 'residential.png'],
    certificate: true,
  },
  {
    code: 'A01A02A03',
    weight: 4,
    name: (r) => `${street(r)}${r.int(1, 20)}号厂房`,
    area: (r) => r.int(800, 8_000),
    value: [3_000_000, 25_000_000],
    natures: ['business', 'other'],
    pictures: ['factory.png'],
    certificate: true,
  },
  {
    code: 'A01A03A01',
    weight: 14,
    name: (r) => `${street(r)}${r.int(1, 300)}号临街商铺`,
    area: (r) => r.int(20, 400),
    value: [400_000, 6_000_000],
    natures: ['business'],
    pictures: ['shop.png'],
    certificate: true,
  },
  {
    code: 'A01A03A02',
    weight: 4,
    name: (r) => `${r.pick(MARKETS)}${r.int(1, 120)}号摊位`,
    area: (r) => r.int(4, 20),
    value: [30_000, 200_000],
    natures: ['business'],
    pictures: ['shop.png'],
    certificate: false,
  },
  {
    code: 'A01A04A01',
    weight: 5,
    name: (r) => `${r.pick(COMMUNITIES)}地上车位${r.int(1, 200)}号`,
    area: () => 12.5,
    value: [50_000, 150_000],
    natures: ['business', 'public_service'],
    pictures: ['parking.png'],
    certificate: false,
  },
  {
    code: 'A01A04A02',
    weight: 10,
    name: (r) => `${r.pick(COMMUNITIES)}地下车位B${r.int(1, 3)}-${r.int(1, 400)}`,
    area: () => 13.5,
    value: [100_000, 300_000],
    natures: ['business', 'public_service'],
    pictures: ['parking.png'],
    certificate: true,
  },
  {
    code: 'A01A05A01',
    weight: 8,
    name: (r) => `${r.pick(OFFICE_EQUIPMENT)}（${r.pick(['综合楼', '政务中心', '档案室', '会议室'])}）`,
    area: () => null,
    value: [3_000, 300_000],
    natures: ['office'],
    pictures: ['equipment.png'],
    certificate: false,
  },
  {
    code: 'A01A05A02',
    weight: 5,
    name: (r) => `${street(r)}${r.pick(SPECIAL_EQUIPMENT)}`,
    area: () => null,
    value: [50_000, 1_500_000],
    natures: ['infrastructure', 'public_service'],
    pictures: ['equipment.png'],
    certificate: false,
  },
  {
    code: 'A01A06A01',
    weight: 8,
    name: (r) => `公务用车 川A·${r.pick(['G', 'H', 'K'])}${r.int(1000, 9999)}`,
    area: () => null,
    value: [120_000, 450_000],
    natures: ['office'],
    pictures: ['vehicle.png'],
    certificate: false,
  },
  {
    code: 'A01A06A02',
    weight: 4,
    name: (r) => `${r.pick(SPECIAL_VEHICLES)} 川A·${r.int(10000, 99999)}`,
    area: () => null,
    value: [200_000, 1_200_000],
    natures: ['public_service', 'infrastructure'],
    pictures: ['vehicle.png', 'equipment.png'],
    certificate: false,
  },
];

/** 资产管理科 (the staff user's department) holds most assets, so its own-department rule has plenty to show. */
const DEPART_SHARES: readonly (readonly [key: (typeof SEED_DEPARTS)[number]['key'], weight: number])[] = [
  ['zcgl', 60],
  ['zhbgs', 25],
  ['gzb', 15],
];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fen = (r: Rng, [min, max]: [number, number]) => r.int(min, max) * 100 + r.int(0, 99);

interface Generated {
  assets: BizAsset[];
  ledger: BizAssetLedger[];
}

/** Generates the demo register deterministically (no database access). */
export function generateDemoAssets(count = DEMO_ASSET_COUNT): Generated {
  const r = prng(20_261_125);
  const box = DEFAULT_MAP_SETTINGS.districtBox!;
  const departs = new Map(SEED_DEPARTS.map((d) => [d.key, d]));
  const tenantId = SEED_TENANTS[0].id;
  const assets: BizAsset[] = [];
  const ledger: BizAssetLedger[] = [];
  const codesPerDay = new Map<string, number>();
  const kindWeights = KINDS.map((k) => [k, k.weight] as const);

  for (let i = 0; i < count; i++) {
    const kind = r.weighted(kindWeights);
    const id = seedId(`demo-asset:${i}`);
    const acquired = isoDate(FIRST_ACQUIRED + Math.floor(r.next() * ((LAST_ACQUIRED - FIRST_ACQUIRED) / DAY)) * DAY);
    const day = acquired.replaceAll('-', '');
    const seq = (codesPerDay.get(day) ?? 0) + 1;
    codesPerDay.set(day, seq);
    const original = fen(r, kind.value);
    let net = Math.round(original * (0.55 + r.next() * 0.45));
    let departKey = r.weighted(DEPART_SHARES);
    let status: AssetStatus = r.weighted<AssetStatus>([
      ['in_use', 55],
      ['idle', 40],
      ['repair', 2],
    ]);
    const area = kind.area(r);
    // A few assets are not located yet: they are in the register but not on the map.
    const located = r.next() > 0.03;
    const address = `成都市锦江区${street(r)}${r.int(1, 399)}号`;
    const events: Omit<BizAssetLedger, 'id' | 'assetId' | 'assetVersion' | 'tenantId' | 'createBy' | 'createTime'>[] = [
      {
        type: 'acquire',
        eventDate: acquired,
        fromDepartId: null,
        toDepartId: seedId(`depart:${departKey}`),
        fromStatus: null,
        toStatus: status,
        counterparty: null,
        amount: original,
        netValueBefore: null,
        netValueAfter: net,
        documents: null,
        remark: '资产登记入账',
        sysOrgCode: departs.get(departKey)!.orgCode,
      },
    ];

    // Later events, each allowed by the ledger's rules in the status the asset has at that moment.
    let date = Date.parse(acquired);
    // Where a repair ends: the status the asset had when it began (闲置 for one registered in 维修).
    let beforeRepair: AssetStatus = 'idle';
    const end = Date.parse(LAST_EVENT_DATE);
    const eventCount = r.weighted([
      [0, 25],
      [1, 30],
      [2, 25],
      [3, 15],
      [4, 5],
    ] as const);
    for (let e = 0; e < eventCount && date < end - DAY; e++) {
      date += Math.max(DAY, Math.floor(r.next() * Math.min(900 * DAY, (end - date) / 2)));
      date -= date % DAY;
      const wanted: Exclude<LedgerType, 'acquire'> = r.weighted<Exclude<LedgerType, 'acquire'>>([
        ['transfer', 20],
        ['lease', status === 'idle' ? 30 : 0],
        ['lease_end', status === 'leased' ? 40 : 0],
        // A repair under way usually ends at the next event, so only a few assets are in 维修 at a time.
        ['repair', status === 'repair' ? 80 : 5],
        ['inventory', 15],
        ['revaluation', 15],
        ['disposal', 2],
      ]);
      if (!(LEDGER_RULES[wanted].from as readonly string[]).includes(status)) continue;
      const fromDepart = departKey;
      const fromStatus = status;
      let counterparty: string | null = null;
      let amount: number | null = null;
      const before = net;
      if (wanted === 'transfer') {
        departKey = r.pick(DEPART_SHARES.map(([k]) => k).filter((k) => k !== departKey));
        status = r.pick(['idle', 'in_use'] as const);
      } else if (wanted === 'revaluation') {
        net = Math.round(net * (0.8 + r.next() * 0.18));
        amount = net;
      } else {
        if (wanted === 'lease') counterparty = r.pick(TENANTS);
        status = ledgerNextStatus(wanted, status, null, beforeRepair);
        if (status === 'repair' && fromStatus !== 'repair') beforeRepair = fromStatus;
      }
      events.push({
        type: wanted,
        eventDate: isoDate(date),
        fromDepartId: seedId(`depart:${fromDepart}`),
        toDepartId: wanted === 'transfer' ? seedId(`depart:${departKey}`) : null,
        fromStatus,
        toStatus: status,
        counterparty,
        amount,
        netValueBefore: before,
        netValueAfter: net,
        documents: null,
        remark: null,
        sysOrgCode: departs.get(departKey)!.orgCode,
      });
      if (status === 'disposed') break;
    }

    const pictureCount = r.weighted([
      [0, 15],
      [1, 35],
      [2, 30],
      [3, 20],
    ] as const);
    const pool = [...kind.pictures, ...SAMPLE_IMAGES.filter((p) => !kind.pictures.includes(p))];
    const images = pool.slice(0, pictureCount).map((p) => `${SAMPLE_IMAGE_DIR}/${p}`);
    const lastDate = events[events.length - 1]!.eventDate;
    events.forEach((ev, version) =>
      ledger.push({
        ...ev,
        id: seedId(`demo-ledger:${i}:${version}`),
        assetId: id,
        assetVersion: version,
        tenantId,
        createBy: 'admin',
        createTime: `${ev.eventDate} 09:30:00`,
      }),
    );
    const name = kind.name(r, i);
    assets.push({
      id,
      code: `ZC${day}${String(seq).padStart(3, '0')}`,
      name,
      categoryId: seedId(`category:${kind.code}`),
      ownerDepartId: seedId(`depart:${departKey}`),
      custodian: `${r.pick([...SURNAMES])}${r.pick(GIVEN)}${r.next() < 0.4 ? r.pick(GIVEN) : ''}`,
      address,
      regionCode: '510104',
      longitude: located ? round6(box.minLng + r.next() * (box.maxLng - box.minLng)) : null,
      latitude: located ? round6(box.minLat + r.next() * (box.maxLat - box.minLat)) : null,
      area: area === null ? null : Math.round(area * 100),
      originalValue: original,
      netValue: net,
      acquiredDate: acquired,
      status,
      useNature: r.pick(kind.natures),
      certificateNo: kind.certificate
        ? `川（${acquired.slice(0, 4)}）成都市不动产权第${String(r.int(1, 9_999_999)).padStart(7, '0')}号`
        : null,
      images: images.length ? images.join(',') : null,
      attachments: null,
      description: `<p>${name}，位于${address}。</p>`,
      published: 0,
      publishTime: null,
      remark: r.next() < 0.2 ? '年度盘点已核对' : null,
      version: events.length - 1,
      tenantId,
      sysOrgCode: departs.get(departKey)!.orgCode,
      delFlag: 0,
      createBy: 'admin',
      createTime: `${acquired} 09:30:00`,
      updateBy: events.length > 1 ? 'admin' : null,
      updateTime: events.length > 1 ? `${lastDate} 09:30:00` : null,
    });
  }

  // Exactly 30% published, idle and leased assets first (publishing offers idle resources), never disposed ones.
  const bonus: Record<string, number> = { idle: 0.8, leased: 0.4, in_use: 0.1, repair: 0 };
  const candidates = assets
    .filter((a) => a.status !== 'disposed')
    .map((a, index) => ({ a, score: (bonus[a.status] ?? 0) + prng(index + 7).next() }))
    .sort((x, y) => y.score - x.score);
  for (const { a } of candidates.slice(0, Math.round(count * DEMO_PUBLISHED_SHARE))) {
    a.published = 1;
    const last = a.updateTime ?? a.createTime!;
    a.publishTime = last < `${LAST_EVENT_DATE} 10:00:00` ? `${LAST_EVENT_DATE} 10:00:00` : last;
  }
  return { assets, ledger };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Copies the sample pictures into the upload folder and registers them, so the static route serves them. */
async function ensureSampleImages(db: Kysely<Database>, uploadDir: string, now: string): Promise<void> {
  const target = path.join(uploadDir, SAMPLE_IMAGE_DIR);
  await fs.promises.mkdir(target, { recursive: true });
  const have = new Set(
    (await db.selectFrom('sysFile').select('id').where('biz', '=', 'asset').execute()).map((f) => f.id),
  );
  for (const name of SAMPLE_IMAGES) {
    const source = path.join(SAMPLE_SOURCE, name);
    const dest = path.join(target, name);
    if (!fs.existsSync(dest)) await fs.promises.copyFile(source, dest);
    const id = seedId(`sample-image:${name}`);
    if (have.has(id)) continue;
    const row = db
      .insertInto('sysFile')
      .values({
        id,
        biz: 'asset',
        originalName: name,
        storedPath: `${SAMPLE_IMAGE_DIR}/${name}`,
        fileSize: (await fs.promises.stat(source)).size,
        mime: 'image/png',
        createBy: 'system',
        createTime: now,
      })
      .execute();
    // Another instance starting at the same moment may have registered it already: same id, same row.
    await row.catch(async (error: unknown) => {
      const there = await db.selectFrom('sysFile').select('id').where('id', '=', id).executeTakeFirst();
      if (!there) throw error;
    });
  }
}

/**
 * The demo register, once into an empty asset table (and only where the demo organisation exists). Multi-row
 * inserts of 500 rows (31 columns: 15,500 parameters, under PostgreSQL's and MySQL's 65,535 and SQLite's 32,766)
 * inside one transaction keep it to a few seconds.
 */
export async function seedDemoAssets(db: Kysely<Database>, uploadDir: string): Promise<boolean> {
  const now = formatDateTime();
  const depart = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('id', '=', seedId('depart:zcgl'))
    .executeTakeFirst();
  if (!depart) return false;
  await ensureSampleImages(db, uploadDir, now);
  const any = await db.selectFrom('bizAsset').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { assets, ledger } = generateDemoAssets();
  try {
    await insertDemoAssets(db, assets, ledger);
  } catch (error) {
    // Two instances started on one empty database: the other one's (identical, deterministic) rows won.
    if (await db.selectFrom('bizAsset').select('id').limit(1).executeTakeFirst()) return false;
    throw error;
  }
  return true;
}

async function insertDemoAssets(
  db: Kysely<Database>,
  assets: Database['bizAsset'][],
  ledger: Database['bizAssetLedger'][],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < assets.length; i += 500) {
      await trx
        .insertInto('bizAsset')
        .values(assets.slice(i, i + 500))
        .execute();
    }
    for (let i = 0; i < ledger.length; i += 500) {
      await trx
        .insertInto('bizAssetLedger')
        .values(ledger.slice(i, i + 500))
        .execute();
    }
  });
}
