import { CATEGORY_CODE_PATTERN, FILL_RULE_MESSAGES, type SequenceRuleParams } from '@district/shared';
import { sequenceParams } from '@district/shared/schemas';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { isRetryableWriteError, nextChildCode } from '../../lib/code-segment.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatDate(pattern: string, d: Date): string {
  const y = String(d.getFullYear());
  if (pattern === 'YYYYMMDD') return `${y}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
  if (pattern === 'YYYYMM') return `${y}${pad(d.getMonth() + 1)}`;
  if (pattern === 'YYYY') return y;
  return '';
}

/** The counter's scope: one sequence per day, month, year, or one for ever. */
export function scopeKey(resetBy: SequenceRuleParams['resetBy'], d: Date): string {
  if (resetBy === 'day') return formatDate('YYYYMMDD', d);
  if (resetBy === 'month') return formatDate('YYYYMM', d);
  if (resetBy === 'year') return formatDate('YYYY', d);
  return 'all';
}

/** prefix + date + zero-padded counter; a counter past seqLength digits simply grows wider. */
export function formatSequence(p: SequenceRuleParams, counter: number, d: Date): string {
  return `${p.prefix}${formatDate(p.datePattern, d)}${pad(counter, p.seqLength)}`;
}

/** Fill rules (编码规则): the next value of a rule. */
export class FillRuleService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Increments a counter atomically: the UPDATE locks the row until commit (PostgreSQL, MariaDB; SQLite
   * serialises writers), so concurrent callers each get their own number. The first caller of a scope
   * inserts it; a caller that loses that race retries and updates instead.
   */
  async increment(ruleCode: string, scope: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const where = { ruleCode, scopeKey: scope };
          const updated = await trx
            .updateTable('sysFillRuleCounter')
            .set({ counter: sql<number>`counter + 1` })
            .where('ruleCode', '=', where.ruleCode)
            .where('scopeKey', '=', where.scopeKey)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) {
            await trx
              .insertInto('sysFillRuleCounter')
              .values({ ...where, counter: 1 })
              .execute();
            return 1;
          }
          const row = await trx
            .selectFrom('sysFillRuleCounter')
            .select('counter')
            .where('ruleCode', '=', where.ruleCode)
            .where('scopeKey', '=', where.scopeKey)
            .executeTakeFirstOrThrow();
          return Number(row.counter);
        });
      } catch (error) {
        if (attempt >= 8 || !isRetryableWriteError(error)) throw error;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
  }

  /** The next organisation code under a department (parentId) or an org code (parentCode); top level without. */
  async nextOrgCode(form: Record<string, unknown>): Promise<string> {
    const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
    let parentCode = text('parentCode');
    const parentId = text('parentId');
    if (parentId) {
      const parent = await this.db
        .selectFrom('sysDepart')
        .select('orgCode')
        .where('id', '=', parentId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!parent) throw new ApiError(400, FILL_RULE_MESSAGES.parentDepartMissing);
      parentCode = parent.orgCode;
    } else if (parentCode && !CATEGORY_CODE_PATTERN.test(parentCode)) {
      throw new ApiError(400, FILL_RULE_MESSAGES.parentDepartMissing);
    }
    // Deleted departments keep their codes (org_code is unique), so they count as taken.
    const rows = await this.db
      .selectFrom('sysDepart')
      .select('orgCode')
      .where('orgCode', 'like', `${parentCode}%`)
      .execute();
    return nextChildCode(
      parentCode,
      rows.map((r) => r.orgCode),
    );
  }

  async execute(ruleCode: string, form: Record<string, unknown>, now = new Date()): Promise<string> {
    const rule = await this.db
      .selectFrom('sysFillRule')
      .select(['ruleKind', 'ruleParams'])
      .where('ruleCode', '=', ruleCode)
      .executeTakeFirst();
    if (!rule) throw new ApiError(400, FILL_RULE_MESSAGES.ruleNotFound(ruleCode.slice(0, 100)));
    if (rule.ruleKind === 'orgCode') return this.nextOrgCode(form);
    const params = sequenceParams(JSON.parse(rule.ruleParams ?? '{}') as Record<string, unknown>);
    const counter = await this.increment(ruleCode, scopeKey(params.resetBy, now));
    return formatSequence(params, counter, now);
  }
}
