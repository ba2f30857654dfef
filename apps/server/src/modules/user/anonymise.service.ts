import {
  ANONYMISED_NAME_PREFIX,
  ANONYMISED_USERNAME_PREFIX,
  PRIVACY_MESSAGES,
  SEED_ID,
  USER_STATUS,
} from '@district/shared';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database, SysUser } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { ApiError } from '../../lib/http.js';
import { hashPassword } from '../../lib/password.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { logView } from '../../lib/resource/sealed-fields.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';

/*
 * 匿名化 (issue 24 item 12): a departed (frozen or deleted) user's personal data is removed from the account while
 * the account row stays, so the records it made (logs, data versions, create_by of business rows) still point at
 * one account. The logs are not rewritten: their chains (lib/log-chain.ts) stay verifiable, and they are the audit
 * record the law allows to keep. What goes: name, user name (freed for reuse), phone, e-mail, avatar, birthday, sex,
 * work number, office telephone, last login address, the password, third-party bindings, the second factor and
 * its recovery codes, the password history, open sessions, and the address of the privacy notice's acceptance.
 */

/** Whether the account may be anonymised: departed (frozen or deleted), not the caller, not the seeded admin. */
export function assertMayAnonymise(user: Pick<SysUser, 'id' | 'status' | 'delFlag'>, actor: AuthUser): void {
  if (user.id === actor.id) throw new ApiError(400, PRIVACY_MESSAGES.anonymiseSelf);
  if (user.id === SEED_ID.adminUser) throw new ApiError(400, PRIVACY_MESSAGES.anonymiseAdmin);
  if (Number(user.delFlag) === 0 && Number(user.status) !== USER_STATUS.frozen) {
    throw new ApiError(400, PRIVACY_MESSAGES.anonymiseActive);
  }
}

/** The account's new, personal-data-free names: the id's characters keep them apart. */
export const anonymisedNames = (userId: string) => ({
  username: `${ANONYMISED_USERNAME_PREFIX}${userId}`.slice(0, 100),
  realname: `${ANONYMISED_NAME_PREFIX}${userId.slice(-4).toUpperCase()}`,
});

export async function anonymiseUser(
  db: Kysely<Database>,
  def: ResourceDef,
  user: SysUser,
  actor: AuthUser,
  crypto: FieldCrypto,
): Promise<void> {
  const names = anonymisedNames(user.id);
  // Nobody knows this password: the account cannot be signed in to, even if it were unfrozen.
  const password = await hashPassword(randomBytes(32).toString('base64url'));
  const changes = {
    ...names,
    password,
    phone: null,
    phoneHash: null,
    email: null,
    emailHash: null,
    avatar: null,
    birthday: null,
    sex: null,
    workNo: null,
    telephone: null,
    lastLoginIp: null,
    status: USER_STATUS.frozen,
    updateBy: actor.username,
    updateTime: formatDateTime(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sysUser').set(changes).where('id', '=', user.id).execute();
    await trx.deleteFrom('sysThirdAccount').where('userId', '=', user.id).execute();
    await trx.deleteFrom('sysUserTotp').where('userId', '=', user.id).execute();
    await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', user.id).execute();
    await trx.deleteFrom('sysPasswordHistory').where('userId', '=', user.id).execute();
    await trx.deleteFrom('sysToken').where('userId', '=', user.id).execute();
    await trx.updateTable('sysPrivacyConsent').set({ ip: null }).where('userId', '=', user.id).execute();
    // A new version in the data log (appended to its chain like any edit): the record now reads anonymised.
    const after: Row = { ...(user as unknown as Row), ...changes };
    await writeDataLog(trx, def.name, user.id, 'edit', logView(def, after, crypto), actor);
  });
}
