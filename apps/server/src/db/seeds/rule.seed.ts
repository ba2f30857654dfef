import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import { seedId } from './seed-id.js';

const FILL_RULES = [
  {
    ruleCode: 'asset_code',
    ruleName: '资产编号',
    ruleKind: 'sequence',
    ruleParams: JSON.stringify({ prefix: 'ZC', datePattern: 'YYYYMMDD', seqLength: 3, resetBy: 'day' }),
  },
  {
    ruleCode: 'ticket_no',
    ruleName: '房票编号',
    ruleKind: 'sequence',
    ruleParams: JSON.stringify({ prefix: 'FP', datePattern: 'YYYYMMDD', seqLength: 4, resetBy: 'day' }),
  },
  {
    ruleCode: 'project_code',
    ruleName: '项目编号',
    ruleKind: 'sequence',
    ruleParams: JSON.stringify({ prefix: 'XM', datePattern: 'YYYY', seqLength: 4, resetBy: 'year' }),
  },
  { ruleCode: 'org_code', ruleName: '机构编码', ruleKind: 'orgCode', ruleParams: null },
];

const CHECK_RULES = [
  {
    ruleCode: 'asset_code_check',
    ruleName: '资产编号校验',
    ruleJson: JSON.stringify([
      { digits: '2', pattern: '^ZC$', message: '资产编号须以ZC开头' },
      { digits: '8', pattern: '^\\d{8}$', message: '资产编号第3到10位须为8位日期' },
      { digits: '*', pattern: '^ZC\\d{11,}$', message: '资产编号须为ZC加8位日期和至少3位流水号' },
    ]),
    ruleDescription: '资产编号：ZC + 8位日期 + 流水号，如 ZC20261122001',
  },
];

/** Reference fill and check rules, inserted when their code is missing. */
export async function seedRules(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  const haveFill = new Set((await db.selectFrom('sysFillRule').select('ruleCode').execute()).map((r) => r.ruleCode));
  for (const r of FILL_RULES) {
    if (haveFill.has(r.ruleCode)) continue;
    await db
      .insertInto('sysFillRule')
      .values({
        id: seedId(`fillRule:${r.ruleCode}`),
        ...r,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  const haveCheck = new Set((await db.selectFrom('sysCheckRule').select('ruleCode').execute()).map((r) => r.ruleCode));
  for (const r of CHECK_RULES) {
    if (haveCheck.has(r.ruleCode)) continue;
    await db
      .insertInto('sysCheckRule')
      .values({
        id: seedId(`checkRule:${r.ruleCode}`),
        ...r,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
