import { idCardCheckChar, type ProjectStatus, type ProjectType, type TicketStatus } from '@district/shared';
import type { Kysely } from 'kysely';
import type { BizProject, BizRoomTicket, BizTicketUse, Database, SysFillRuleCounter } from '../schema.js';
import { COMMUNITIES, GIVEN, STREETS, SURNAMES, prng, type Rng } from './asset-demo.seed.js';
import { SEED_DEPARTS, SEED_TENANTS } from './demo.seed.js';
import { seedId } from './seed-id.js';

/*
 * Demo projects and room tickets (issue 10), beside the demo assets: the district's construction, renovation,
 * resettlement and investment projects, and the resettlement vouchers issued on the resettlement projects with
 * their uses. Deterministic like the assets; the fill-rule counters are moved past the seeded numbers so the
 * next project or ticket drawn never clashes with one of them.
 */

/** The demo world's last day (as for the asset ledger): every seeded event lies on or before it. */
const DEMO_TODAY = '2026-10-31';
const DAY = 86_400_000;
const TENANT = SEED_TENANTS[0].id;

type DepartKey = (typeof SEED_DEPARTS)[number]['key'];
type ProjectSeed = [name: string, type: ProjectType, status: ProjectStatus, street: string, depart: DepartKey];

const PROJECTS: readonly ProjectSeed[] = [
  ['东光片区棚户区改造安置项目', 'resettlement', 'in_progress', '东光街', 'zcgl'],
  ['牛市口片区城市更新安置项目', 'resettlement', 'in_progress', '牛市口路', 'zcgl'],
  ['沙河堡片区征收安置项目', 'resettlement', 'completed', '沙河堡路', 'zcgl'],
  ['三圣乡片区安置房建设项目', 'resettlement', 'in_progress', '三圣乡路', 'zcgl'],
  ['合江亭片区老旧院落改造安置项目', 'resettlement', 'planned', '合江亭路', 'zcgl'],
  ['琉璃场片区拆迁安置项目', 'resettlement', 'suspended', '琉璃路', 'zcgl'],
  ['锦江区第二人民医院新院区建设项目', 'construction', 'in_progress', '成龙大道', 'gzb'],
  ['东湖公园配套停车场建设项目', 'construction', 'completed', '锦华路', 'zhbgs'],
  ['锦华路社区综合服务中心建设项目', 'construction', 'in_progress', '锦华路', 'zhbgs'],
  ['沙河绿道景观提升工程', 'construction', 'planned', '沙河堡路', 'gzb'],
  ['三圣乡公办幼儿园新建项目', 'construction', 'in_progress', '三圣乡路', 'zhbgs'],
  ['成龙大道市政道路改造工程', 'construction', 'suspended', '成龙大道', 'gzb'],
  ['智慧城市运营中心建设项目', 'construction', 'planned', '锦江大道', 'gzb'],
  ['水井坊历史街区风貌整治项目', 'renovation', 'completed', '水井街', 'zcgl'],
  ['春熙路步行街立面改造项目', 'renovation', 'in_progress', '春熙路', 'zcgl'],
  ['书院街老旧小区改造项目', 'renovation', 'in_progress', '书院街', 'zhbgs'],
  ['合江亭社区雨污管网改造项目', 'renovation', 'completed', '合江亭路', 'zhbgs'],
  ['督院街机关办公楼维修改造项目', 'renovation', 'planned', '督院街', 'zhbgs'],
  ['莲桂南路农贸市场提档升级项目', 'renovation', 'in_progress', '莲桂南路', 'zcgl'],
  ['国资运营平台增资项目', 'investment', 'completed', '红星路三段', 'gzb'],
  ['锦华商业综合体收购项目', 'investment', 'in_progress', '锦华路', 'gzb'],
  ['东大街写字楼购置项目', 'investment', 'planned', '东大街', 'zcgl'],
  ['新能源汽车充电桩投资项目', 'investment', 'in_progress', '静安路', 'gzb'],
  ['国有停车资源整合项目', 'investment', 'suspended', '上东大街', 'zcgl'],
];

const SELLERS = [
  '成都锦江城投置业有限公司',
  '四川蓉欣房地产开发有限公司',
  '成都合江置业有限公司',
  '锦江区安居房建设有限公司',
  '成都东湖地产有限公司',
];

/** Tickets by status and share; expired ones ran out before the demo's today, the others stay valid. */
const TICKET_MIX: readonly (readonly [TicketStatus, number])[] = [
  ['issued', 35],
  ['partly_used', 25],
  ['used', 15],
  ['expired', 15],
  ['cancelled', 10],
];
export const DEMO_TICKET_COUNT = 120;

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
const between = (r: Rng, from: string, to: string) =>
  iso(ms(from) + r.int(0, Math.max(0, (ms(to) - ms(from)) / DAY)) * DAY);
const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const personName = (r: Rng) => `${r.pick([...SURNAMES])}${r.pick(GIVEN)}${r.next() < 0.6 ? r.pick(GIVEN) : ''}`;

/** A valid citizen ID number of 成都市锦江区 (510104) with the GB 11643 check character. */
function idCard(r: Rng): string {
  const birth = between(r, '1950-01-01', '2000-12-31').replaceAll('-', '');
  const first17 = `510104${birth}${String(r.int(0, 999)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

const phone = (r: Rng) =>
  `1${r.pick(['38', '39', '58', '59', '80', '86', '88', '99'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;

export interface GeneratedBusiness {
  projects: BizProject[];
  tickets: BizRoomTicket[];
  uses: BizTicketUse[];
  counters: SysFillRuleCounter[];
}

export function generateDemoProjects(ticketCount = DEMO_TICKET_COUNT): GeneratedBusiness {
  const r = prng(20261125);
  const departs = new Map(SEED_DEPARTS.map((d) => [d.key, d]));
  const counters = new Map<string, SysFillRuleCounter>();
  const draw = (ruleCode: string, scopeKey: string) => {
    const key = `${ruleCode}:${scopeKey}`;
    const c = counters.get(key) ?? { ruleCode, scopeKey, counter: 0 };
    c.counter += 1;
    counters.set(key, c);
    return c.counter;
  };

  const projects: BizProject[] = PROJECTS.map(([name, type, status, street, depart], i) => {
    // Resettlement comes first in a renewal area: those projects started earlier.
    const start =
      type === 'resettlement' ? between(r, '2022-06-01', '2023-06-30') : between(r, '2023-03-01', '2026-09-30');
    const end = iso(ms(start) + r.int(300, 1100) * DAY);
    const created = iso(ms(start) - r.int(20, 90) * DAY);
    const year = created.slice(0, 4);
    const budget = r.int(80, 3_000) * 10_000_00; // 80 to 3,000 万元, in fen
    const progress =
      status === 'planned' ? 0 : status === 'completed' ? 100 : status === 'suspended' ? r.int(15, 60) : r.int(10, 92);
    // Costs follow progress; a few projects run a little over budget (under the 120% ceiling).
    const costRate = status === 'planned' ? 0 : (progress / 100) * (0.85 + r.next() * 0.3);
    const box = { minLng: 104.085, maxLng: 104.155, minLat: 30.575, maxLat: 30.655 };
    return {
      id: seedId(`demo-project:${i}`),
      code: `XM${year}${String(draw('project_code', year)).padStart(4, '0')}`,
      name: `锦江区${name}`,
      type,
      leaderId: seedId(`user:${r.next() < 0.5 ? 'admin' : 'staff'}`),
      departId: seedId(`depart:${depart}`),
      budget,
      actualCost: status === 'planned' ? null : Math.round(budget * costRate),
      startDate: start,
      endDate: end,
      progress,
      status,
      address: `四川省成都市锦江区${street}${r.int(1, 300)}号`,
      longitude: round6(box.minLng + r.next() * (box.maxLng - box.minLng)),
      latitude: round6(box.minLat + r.next() * (box.maxLat - box.minLat)),
      description: `<p>${name}位于锦江区${street}一带，由${departs.get(depart)!.name}牵头实施。</p>`,
      attachments: null,
      remark: null,
      version: status === 'planned' ? 0 : status === 'in_progress' ? 1 : 2,
      tenantId: TENANT,
      sysOrgCode: departs.get(depart)!.orgCode,
      delFlag: 0,
      createBy: 'admin',
      createTime: `${created} 09:00:00`,
      updateBy: status === 'planned' ? null : 'admin',
      updateTime: status === 'planned' ? null : `${start > DEMO_TODAY ? DEMO_TODAY : start} 10:00:00`,
    };
  });

  // Vouchers are issued on resettlement projects that have started.
  const issuing = projects.filter((p) => p.type === 'resettlement' && p.status !== 'planned');
  const tickets: BizRoomTicket[] = [];
  const uses: BizTicketUse[] = [];
  for (let i = 0; i < ticketCount; i++) {
    const project = r.pick(issuing);
    const status = r.weighted(TICKET_MIX);
    // Expired vouchers ran out before the demo's today; the others stay valid well beyond it.
    const issueDate =
      status === 'expired' ? between(r, '2023-07-01', '2024-09-30') : between(r, '2025-01-01', '2026-10-15');
    const expiryDate = addYears(issueDate, status === 'expired' ? 1 : 2);
    const face = r.int(20, 150) * 10_000_00; // 20 to 150 万元
    const id = seedId(`demo-ticket:${i}`);
    const day = issueDate.replaceAll('-', '');
    const ticketUses: BizTicketUse[] = [];
    const spendUntil = expiryDate < DEMO_TODAY ? expiryDate : DEMO_TODAY;
    const addUse = (amount: number, n: number) =>
      ticketUses.push({
        id: seedId(`demo-ticket-use:${i}:${n}`),
        ticketId: id,
        houseAddress: `四川省成都市锦江区${r.pick(STREETS)}${r.int(1, 200)}号${r.pick(COMMUNITIES)}${r.int(1, 12)}栋${r.int(1, 4)}单元${r.int(1, 30)}0${r.int(1, 4)}室`,
        area: r.int(5_500, 14_000),
        amount,
        useDate: between(r, issueDate, spendUntil),
        seller: r.pick(SELLERS),
        remark: null,
        tenantId: TENANT,
        createBy: 'staff',
        createTime: null,
      });
    if (status === 'partly_used') addUse(Math.round((face * (0.2 + r.next() * 0.6)) / 100) * 100, 0);
    if (status === 'used' || (status === 'expired' && r.next() < 0.4)) {
      const first = Math.round((face * (0.3 + r.next() * 0.4)) / 100) * 100;
      addUse(first, 0);
      addUse(status === 'used' ? face - first : Math.round(((face - first) * r.next() * 0.8) / 100) * 100, 1);
    }
    const spent = ticketUses.filter((u) => u.amount > 0).sort((a, b) => a.useDate.localeCompare(b.useDate));
    for (const u of spent) u.createTime = `${u.useDate} 14:30:00`;
    uses.push(...spent);
    const used = spent.reduce((s, u) => s + u.amount, 0);
    const cancelled = status === 'cancelled';
    const cancelTime = cancelled ? `${between(r, issueDate, DEMO_TODAY)} 16:00:00` : null;
    const lastUse = spent.at(-1)?.useDate;
    tickets.push({
      id,
      ticketNo: `FP${day}${String(draw('ticket_no', day)).padStart(4, '0')}`,
      holderName: personName(r),
      // Plain here: the server seals them (and fills the hashes) at start, before it serves (lib/field-reseal.ts).
      holderIdCard: idCard(r),
      holderIdCardHash: null,
      holderPhone: phone(r),
      holderPhoneHash: null,
      projectId: project.id,
      faceAmount: face,
      usedAmount: used,
      issueDate,
      expiryDate,
      status,
      cancelReason: cancelled ? r.pick(['持票人放弃货币化安置', '信息登记有误，重新发放', '改为实物安置']) : null,
      cancelTime,
      remark: null,
      version: spent.length + (cancelled || status === 'expired' ? 1 : 0),
      tenantId: TENANT,
      sysOrgCode: departs.get('zcgl')!.orgCode,
      delFlag: 0,
      createBy: 'staff',
      createTime: `${issueDate} 10:00:00`,
      updateBy: lastUse || cancelled ? 'staff' : null,
      updateTime: cancelTime ?? (lastUse ? `${lastUse} 14:30:00` : null),
    });
  }
  return { projects, tickets, uses, counters: [...counters.values()] };
}

/** The demo projects and tickets, once into an empty project table where the demo organisation exists. */
export async function seedDemoProjects(db: Kysely<Database>): Promise<boolean> {
  const depart = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('id', '=', seedId('depart:zcgl'))
    .executeTakeFirst();
  if (!depart) return false;
  if (await db.selectFrom('bizProject').select('id').limit(1).executeTakeFirst()) return false;
  const { projects, tickets, uses, counters } = generateDemoProjects();
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('bizProject').values(projects).execute();
      for (let i = 0; i < tickets.length; i += 200) {
        await trx
          .insertInto('bizRoomTicket')
          .values(tickets.slice(i, i + 200))
          .execute();
      }
      if (uses.length) await trx.insertInto('bizTicketUse').values(uses).execute();
      for (const c of counters) {
        const there = await trx
          .selectFrom('sysFillRuleCounter')
          .select('counter')
          .where('ruleCode', '=', c.ruleCode)
          .where('scopeKey', '=', c.scopeKey)
          .executeTakeFirst();
        if (!there) await trx.insertInto('sysFillRuleCounter').values(c).execute();
        else if (Number(there.counter) < c.counter) {
          await trx
            .updateTable('sysFillRuleCounter')
            .set({ counter: c.counter })
            .where('ruleCode', '=', c.ruleCode)
            .where('scopeKey', '=', c.scopeKey)
            .execute();
        }
      }
    });
  } catch (error) {
    // Two instances started on one empty database: the other one's identical rows won.
    if (await db.selectFrom('bizProject').select('id').limit(1).executeTakeFirst()) return false;
    throw error;
  }
  return true;
}
