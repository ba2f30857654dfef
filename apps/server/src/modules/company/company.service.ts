import type { Kysely, Selectable } from 'kysely';
import { ASSET_MESSAGES, COMPANY_MESSAGES, type CompanyBankAccount, type CompanyProfile } from '@district/shared';
import type { BankAccountCreateInput, BankAccountUpdateInput, CompanyInput } from '@district/shared/schemas';
import type { BizCompany, BizCompanyBank, Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import type { ResourceContext } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';

/*
 * The company profile (企业信息): one record per tenant (unique on tenant_id) with its invoice details, and
 * its bank accounts, of which exactly one is the default while any exist. The default carries the company's
 * id in default_key under a unique index, so the database itself refuses a second default on every dialect.
 */

export const COMPANY_TABLE = 'biz_company';
export const BANK_TABLE = 'biz_company_bank';

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** The profile fields a PUT may write (the columns besides id, tenant, version and audit). */
const PROFILE_FIELDS = [
  'name',
  'creditCode',
  'legalPerson',
  'address',
  'phone',
  'logo',
  'longitude',
  'latitude',
  'invoiceTitle',
  'invoiceTaxNo',
  'invoiceAddress',
  'invoicePhone',
  'invoiceBank',
  'invoiceAccount',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const BANK_FIELDS = ['bankName', 'branch', 'accountName', 'accountNo', 'remark'] as const;

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

const num = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));

export function emptyProfile(): CompanyProfile {
  return {
    id: null,
    name: '',
    creditCode: null,
    legalPerson: null,
    address: null,
    phone: null,
    logo: null,
    longitude: null,
    latitude: null,
    invoiceTitle: null,
    invoiceTaxNo: null,
    invoiceAddress: null,
    invoicePhone: null,
    invoiceBank: null,
    invoiceAccount: null,
    version: 0,
  };
}

function toProfile(row: Selectable<BizCompany>): CompanyProfile {
  return {
    id: row.id,
    name: row.name,
    creditCode: row.creditCode,
    legalPerson: row.legalPerson,
    address: row.address,
    phone: row.phone,
    logo: row.logo,
    longitude: num(row.longitude),
    latitude: num(row.latitude),
    invoiceTitle: row.invoiceTitle,
    invoiceTaxNo: row.invoiceTaxNo,
    invoiceAddress: row.invoiceAddress,
    invoicePhone: row.invoicePhone,
    invoiceBank: row.invoiceBank,
    invoiceAccount: row.invoiceAccount,
    version: Number(row.version),
  };
}

function toAccount(row: Selectable<BizCompanyBank>): CompanyBankAccount {
  return {
    id: row.id,
    bankName: row.bankName,
    branch: row.branch,
    accountName: row.accountName,
    accountNo: row.accountNo,
    isDefault: Number(row.isDefault) === 1 ? 1 : 0,
    remark: row.remark,
  };
}

function profileOf(db: Kysely<Database>, tenantId: number) {
  return db.selectFrom('bizCompany').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}

/** The login's `company` of a tenant: its profile, or null when the tenant has none. */
export async function companyOfTenant(
  db: Kysely<Database>,
  tenantId: number | null,
): Promise<{ name: string; latitude: number | null; longitude: number | null } | null> {
  if (tenantId === null || !tenantId) return null;
  const row = await db
    .selectFrom('bizCompany')
    .select(['name', 'latitude', 'longitude'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  return row ? { name: row.name, latitude: num(row.latitude), longitude: num(row.longitude) } : null;
}

/** The caller's tenant's profile, or an empty one (id null) when it has none yet or the caller has no tenant. */
export async function readProfile(ctx: ResourceContext): Promise<CompanyProfile> {
  if (ctx.user.tenantId === null) return emptyProfile();
  const row = await profileOf(ctx.db, ctx.user.tenantId);
  return row ? toProfile(row) : emptyProfile();
}

function requireTenant(ctx: ResourceContext): number {
  if (ctx.user.tenantId === null) refuse(COMPANY_MESSAGES.noTenant);
  return ctx.user.tenantId!;
}

/** The logo must be an image uploaded through the upload route (a row of sys_file with an image type). */
async function checkLogo(db: Kysely<Database>, logo: string | null): Promise<void> {
  if (!logo) return;
  const file = await db.selectFrom('sysFile').select('mime').where('storedPath', '=', logo).executeTakeFirst();
  if (!file?.mime?.startsWith('image/')) refuse(`企业Logo：${ASSET_MESSAGES.notImage(logo)}`);
}

/**
 * Creates or updates the one profile of the caller's tenant. Fields absent from the body stay as they are
 * (the two tabs save their own fields); present ones are trimmed, '' meaning none. The update applies only
 * if the version is still the one the caller read, so of two saves racing exactly one wins.
 */
export async function saveProfile(ctx: ResourceContext, input: CompanyInput): Promise<CompanyProfile> {
  const tenantId = requireTenant(ctx);
  const changes: Partial<Record<ProfileField, string | number | null>> = {};
  for (const f of PROFILE_FIELDS) {
    const v = (input as Record<string, unknown>)[f];
    if (v === undefined) continue;
    changes[f] = f === 'longitude' || f === 'latitude' ? num(v) : text(v);
  }
  if (!changes.name) refuse(COMPANY_MESSAGES.nameRequired);
  await checkLogo(ctx.db, (changes.logo as string | null | undefined) ?? null);
  const now = formatDateTime();

  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const before = await profileOf(trx, tenantId);
      if (!before) {
        const row: Selectable<BizCompany> = {
          ...(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])) as Record<ProfileField, null>),
          ...(changes as Partial<BizCompany>),
          id: newId(),
          tenantId,
          name: String(changes.name),
          version: 0,
          createBy: ctx.user.username,
          createTime: now,
          updateBy: null,
          updateTime: null,
        };
        await trx.insertInto('bizCompany').values(row).execute();
        await writeDataLog(trx, COMPANY_TABLE, row.id, 'add', row, ctx.user);
        return toProfile(row);
      }
      const version = Number(before.version);
      if (input.version !== undefined && input.version !== version) refuse(COMPANY_MESSAGES.concurrentChange);
      const merged = { ...before, ...changes };
      if ((merged.longitude === null) !== (merged.latitude === null)) refuse(ASSET_MESSAGES.coordinatePair);
      const updated = await trx
        .updateTable('bizCompany')
        .set({
          ...(changes as Partial<BizCompany>),
          version: version + 1,
          updateBy: ctx.user.username,
          updateTime: now,
        })
        .where('id', '=', before.id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) refuse(COMPANY_MESSAGES.concurrentChange);
      const after = await trx
        .selectFrom('bizCompany')
        .selectAll()
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow();
      await writeDataLog(trx, COMPANY_TABLE, after.id, 'edit', after, ctx.user);
      return toProfile(after);
    })
    .catch((error: unknown) => {
      // Two first saves of one tenant racing: the loser meets the unique tenant_id.
      if (isUniqueViolation(error)) throw new ApiError(400, COMPANY_MESSAGES.concurrentChange, { cause: error });
      throw error;
    });
}

/* ---------------------------------------------------------------- bank accounts */

/** Which unique key a bank write ran into: the one default per company, or the account number. */
function violatedDefault(error: unknown): boolean {
  const e = error as { message?: unknown; constraint?: unknown };
  const where = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return /default/i.test(where);
}

function bankWriteError(error: unknown, accountNo: string | null, onDefault: string): unknown {
  if (!isUniqueViolation(error)) return error;
  if (violatedDefault(error)) return new ApiError(400, onDefault, { cause: error });
  return new ApiError(400, accountNo ? COMPANY_MESSAGES.accountTaken(accountNo) : onDefault, { cause: error });
}

export async function listBanks(ctx: ResourceContext): Promise<CompanyBankAccount[]> {
  if (ctx.user.tenantId === null) return [];
  const company = await profileOf(ctx.db, ctx.user.tenantId);
  if (!company) return [];
  const rows = await ctx.db
    .selectFrom('bizCompanyBank')
    .selectAll()
    .where('companyId', '=', company.id)
    .orderBy('isDefault', 'desc')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}

/** The caller's tenant's company id; a bank write before the profile exists is refused. */
async function companyIdFor(trx: Kysely<Database>, ctx: ResourceContext): Promise<string> {
  const tenantId = requireTenant(ctx);
  const company = await profileOf(trx, tenantId);
  if (!company) refuse(COMPANY_MESSAGES.profileFirst);
  return company!.id;
}

async function accountOf(trx: Kysely<Database>, companyId: string, id: string) {
  const row = await trx
    .selectFrom('bizCompanyBank')
    .selectAll()
    .where('id', '=', id)
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  // Another tenant's account is answered as one that does not exist.
  if (!row) throw new ApiError(404, COMPANY_MESSAGES.bankNotFound);
  return row;
}

async function currentDefault(trx: Kysely<Database>, companyId: string) {
  return trx
    .selectFrom('bizCompanyBank')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('defaultKey', '=', companyId)
    .executeTakeFirst();
}

async function checkAccountNo(trx: Kysely<Database>, companyId: string, accountNo: string, exceptId: string | null) {
  let q = trx
    .selectFrom('bizCompanyBank')
    .select('id')
    .where('companyId', '=', companyId)
    .where('accountNo', '=', accountNo);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) refuse(COMPANY_MESSAGES.accountTaken(accountNo));
}

/**
 * Adds an account. The first one becomes the default by itself; asking for a second default is refused
 * (the default moves only through setDefault).
 */
export async function addBank(ctx: ResourceContext, input: BankAccountCreateInput): Promise<CompanyBankAccount> {
  const accountNo = input.accountNo.trim();
  const attempt = () =>
    ctx.db.transaction().execute(async (trx) => {
      const companyId = await companyIdFor(trx, ctx);
      await checkAccountNo(trx, companyId, accountNo, null);
      const existing = await currentDefault(trx, companyId);
      if (existing && input.isDefault === 1) refuse(COMPANY_MESSAGES.secondDefault);
      const isDefault = existing ? 0 : 1;
      const row: Selectable<BizCompanyBank> = {
        id: newId(),
        companyId,
        bankName: text(input.bankName)!,
        branch: text(input.branch),
        accountName: text(input.accountName)!,
        accountNo,
        isDefault,
        defaultKey: isDefault ? companyId : null,
        remark: text(input.remark),
        tenantId: ctx.user.tenantId,
        createBy: ctx.user.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      };
      await trx.insertInto('bizCompanyBank').values(row).execute();
      await writeDataLog(trx, BANK_TABLE, row.id, 'add', row, ctx.user);
      return toAccount(row);
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first accounts added at once: the loser met the other's default; it is added as a plain account.
    if (isUniqueViolation(error) && violatedDefault(error) && input.isDefault !== 1) {
      try {
        return await attempt();
      } catch (again) {
        throw bankWriteError(again, accountNo, COMPANY_MESSAGES.secondDefault);
      }
    }
    throw bankWriteError(error, accountNo, COMPANY_MESSAGES.secondDefault);
  }
}

/** Edits an account; the default flag may not be taken from the default nor given to a second one. */
export async function editBank(ctx: ResourceContext, input: BankAccountUpdateInput): Promise<CompanyBankAccount> {
  const accountNo = input.accountNo === undefined ? null : input.accountNo.trim();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const companyId = await companyIdFor(trx, ctx);
      const before = await accountOf(trx, companyId, input.id);
      const wasDefault = before.defaultKey !== null;
      if (input.isDefault === 0 && wasDefault) refuse(COMPANY_MESSAGES.unsetDefault);
      if (input.isDefault === 1 && !wasDefault && (await currentDefault(trx, companyId))) {
        refuse(COMPANY_MESSAGES.secondDefault);
      }
      if (accountNo !== null) await checkAccountNo(trx, companyId, accountNo, before.id);
      const changes: Partial<BizCompanyBank> = {};
      for (const f of BANK_FIELDS) {
        const v = (input as Record<string, unknown>)[f];
        if (v !== undefined) (changes as Record<string, unknown>)[f] = text(v);
      }
      if (accountNo !== null) changes.accountNo = accountNo;
      // An account of a company that somehow has no default may become it.
      if (input.isDefault === 1 && !wasDefault) Object.assign(changes, { isDefault: 1, defaultKey: companyId });
      await trx
        .updateTable('bizCompanyBank')
        .set({ ...changes, updateBy: ctx.user.username, updateTime: formatDateTime() })
        .where('id', '=', before.id)
        .execute();
      const after = await trx
        .selectFrom('bizCompanyBank')
        .selectAll()
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow();
      await writeDataLog(trx, BANK_TABLE, after.id, 'edit', after, ctx.user);
      return toAccount(after);
    })
    .catch((error: unknown) => {
      throw bankWriteError(error, accountNo, COMPANY_MESSAGES.secondDefault);
    });
}

/** Deletes an account; the default goes only when it is the last one. */
export async function deleteBank(ctx: ResourceContext, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const companyId = await companyIdFor(trx, ctx);
    const before = await accountOf(trx, companyId, id);
    if (before.defaultKey !== null) {
      const other = await trx
        .selectFrom('bizCompanyBank')
        .select('id')
        .where('companyId', '=', companyId)
        .where('id', '<>', before.id)
        .executeTakeFirst();
      if (other) refuse(COMPANY_MESSAGES.deleteDefault);
    }
    await trx.deleteFrom('bizCompanyBank').where('id', '=', before.id).execute();
    await writeDataLog(trx, BANK_TABLE, before.id, 'delete', before, ctx.user);
  });
}

/** Moves the default to another account in one transaction (the old default loses it first). */
export async function setDefaultBank(ctx: ResourceContext, id: string): Promise<CompanyBankAccount> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const companyId = await companyIdFor(trx, ctx);
      const target = await accountOf(trx, companyId, id);
      if (target.defaultKey !== null) return toAccount(target);
      const now = formatDateTime();
      const old = await currentDefault(trx, companyId);
      if (old) {
        await trx
          .updateTable('bizCompanyBank')
          .set({ isDefault: 0, defaultKey: null, updateBy: ctx.user.username, updateTime: now })
          .where('id', '=', old.id)
          .execute();
        await writeDataLog(
          trx,
          BANK_TABLE,
          old.id,
          'edit',
          { ...old, isDefault: 0, defaultKey: null, updateBy: ctx.user.username, updateTime: now },
          ctx.user,
        );
      }
      await trx
        .updateTable('bizCompanyBank')
        .set({ isDefault: 1, defaultKey: companyId, updateBy: ctx.user.username, updateTime: now })
        .where('id', '=', target.id)
        .execute();
      const after = await trx
        .selectFrom('bizCompanyBank')
        .selectAll()
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      await writeDataLog(trx, BANK_TABLE, after.id, 'edit', after, ctx.user);
      return toAccount(after);
    })
    .catch((error: unknown) => {
      // Another setDefault moved the default meanwhile: theirs stands.
      if (isUniqueViolation(error)) throw new ApiError(400, COMPANY_MESSAGES.concurrentChange, { cause: error });
      throw error;
    });
}
