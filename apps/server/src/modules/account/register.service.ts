import { USER_STATUS, type AccountSettings, type RegisterInput } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { sealPersonal, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { newPasswordColumns } from '../../lib/password-policy.js';
import { formatDateTime } from '../../lib/time.js';

/**
 * Creates a registered account with the settings' department, role and tenant, in one transaction; 待审核
 * (USER_STATUS.pending) while it awaits approval, which 用户管理's 审核通过/解冻 sets to normal. Answers its id.
 */
export async function registerUser(
  db: Kysely<Database>,
  settings: AccountSettings,
  input: RegisterInput,
  pending: boolean,
  crypto: FieldCrypto,
  /** More rows of the new account written in the same transaction (the privacy notice's acceptance). */
  alongside?: (trx: Kysely<Database>, userId: string) => Promise<void>,
): Promise<string> {
  const userId = newId();
  const phone = sealPersonal(crypto, SEALED_COLUMNS.userPhone, input.mobile);
  const now = formatDateTime();
  const password = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({
        id: userId,
        username: input.username,
        realname: input.realname || input.username,
        password,
        // The user chose it: its period starts, nothing to change first.
        ...newPasswordColumns({ mustChange: false }),
        phone: phone.value,
        phoneHash: phone.hash,
        status: pending ? USER_STATUS.pending : USER_STATUS.normal,
        delFlag: 0,
        loginTenantId: settings.registerTenantId || null,
        loginDepartId: settings.registerDepartId || null,
        createBy: input.username,
        createTime: now,
      } as never)
      .execute();
    if (settings.registerDepartId) {
      await trx.insertInto('sysUserDepart').values({ id: newId(), userId, depId: settings.registerDepartId }).execute();
    }
    if (settings.registerRoleId) {
      await trx
        .insertInto('sysUserRole')
        .values({ id: newId(), userId, roleId: settings.registerRoleId, tenantId: null })
        .execute();
    }
    if (settings.registerTenantId) {
      await trx
        .insertInto('sysUserTenant')
        .values({ id: newId(), userId, tenantId: settings.registerTenantId, status: 1 })
        .execute();
    }
    await alongside?.(trx, userId);
  });
  return userId;
}
