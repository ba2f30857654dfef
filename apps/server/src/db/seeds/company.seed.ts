import type { Kysely } from 'kysely';
import type { BizCompany, BizCompanyBank, Database } from '../schema.js';
import { formatDateTime } from '../../lib/time.js';
import { SEED_TENANTS } from './demo.seed.js';
import { seedId } from './seed-id.js';

type Profile = Omit<BizCompany, 'id' | 'tenantId' | 'version' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;
type Account = Pick<BizCompanyBank, 'bankName' | 'branch' | 'accountName' | 'accountNo' | 'remark'>;

/** The demo profile (企业信息) of each seeded tenant with its invoice details and two bank accounts. */
const PROFILES: Record<(typeof SEED_TENANTS)[number]['id'], { profile: Profile; accounts: Account[] }> = {
  1001: {
    profile: {
      name: '示范区国有资产经营管理有限公司',
      creditCode: '91510104MA6C8QJ72K',
      legalPerson: '王建国',
      address: '四川省成都市锦江区红星路三段1号',
      phone: '028-86661234',
      logo: null,
      // 红星路三段1号 in GCJ-02, as the platform settings' company coordinates (the login's fallback).
      longitude: 104.082913,
      latitude: 30.658842,
      invoiceTitle: '示范区国有资产经营管理有限公司',
      invoiceTaxNo: '91510104MA6C8QJ72K',
      invoiceAddress: '四川省成都市锦江区红星路三段1号',
      invoicePhone: '028-86661234',
      invoiceBank: '中国工商银行成都春熙路支行',
      invoiceAccount: '4402234509100012345',
    },
    accounts: [
      {
        bankName: '中国工商银行',
        branch: '成都春熙路支行',
        accountName: '示范区国有资产经营管理有限公司',
        accountNo: '4402234509100012345',
        remark: '基本户',
      },
      {
        bankName: '中国建设银行',
        branch: '成都锦江支行',
        accountName: '示范区国有资产经营管理有限公司',
        accountNo: '51050142610800001234',
        remark: '一般户',
      },
    ],
  },
  1002: {
    profile: {
      name: '示范区城市建设投资集团有限公司',
      creditCode: '91510104MA68UT3W5N',
      legalPerson: '李明华',
      address: '四川省成都市锦江区东大街下东大街段99号',
      phone: '028-84445678',
      logo: null,
      longitude: 104.0865,
      latitude: 30.6543,
      invoiceTitle: '示范区城市建设投资集团有限公司',
      invoiceTaxNo: '91510104MA68UT3W5N',
      invoiceAddress: '四川省成都市锦江区东大街下东大街段99号',
      invoicePhone: '028-84445678',
      invoiceBank: '中国农业银行成都锦江支行',
      invoiceAccount: '2281010104000567',
    },
    accounts: [
      {
        bankName: '中国农业银行',
        branch: '成都锦江支行',
        accountName: '示范区城市建设投资集团有限公司',
        accountNo: '2281010104000567',
        remark: '基本户',
      },
      {
        bankName: '成都银行',
        branch: '锦江支行',
        accountName: '示范区城市建设投资集团有限公司',
        accountNo: '1001300000567890',
        remark: null,
      },
    ],
  },
};

/**
 * Demo only and idempotent: a tenant without a profile gets its demo profile and accounts (the first is the
 * default). Ids are stable, so two instances starting together insert identical rows and the loser retries.
 */
export async function seedCompanies(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  for (const tenant of SEED_TENANTS) {
    const present = await db.selectFrom('bizCompany').select('id').where('tenantId', '=', tenant.id).executeTakeFirst();
    if (present) continue;
    const known = await db.selectFrom('sysTenant').select('id').where('id', '=', tenant.id).executeTakeFirst();
    if (!known) continue;
    const demo = PROFILES[tenant.id];
    const companyId = seedId(`company:${tenant.id}`);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('bizCompany')
        .values({
          ...demo.profile,
          id: companyId,
          tenantId: tenant.id,
          version: 0,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      for (const [index, account] of demo.accounts.entries()) {
        await trx
          .insertInto('bizCompanyBank')
          .values({
            ...account,
            id: seedId(`company-bank:${tenant.id}:${index}`),
            companyId,
            isDefault: index === 0 ? 1 : 0,
            defaultKey: index === 0 ? companyId : null,
            tenantId: tenant.id,
            createBy: 'system',
            // The default first in the list, the others after it.
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
    });
  }
}
