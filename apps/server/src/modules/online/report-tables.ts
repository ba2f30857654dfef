import { ONLINE_LIMITS, ONLINE_MESSAGES } from '@district/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { onlineDb } from './online.tables.js';
import type { TableKind } from './report.sql.js';
import { saveSettings } from '../../lib/platform-settings.js';

/**
 * What online reports on our own database may read: an allowlist, table by table (issue 22). A table not named
 * here (or a synchronised form's) is refused; a column not listed for a table that lists its columns does not exist
 * for a report. Every table a report reads is shadowed by a CTE of the same name that holds only the viewer's
 * tenant's rows (business and form tables) and only these columns.
 */
export interface ReportTableSpec {
  /** `tenant`: the viewer's tenant's rows; `tenant-or-shared`: also rows of no tenant (shipped for every tenant). */
  tenancy: 'tenant' | 'tenant-or-shared' | 'none';
  /** The only columns a report sees; absent: all of them. */
  columns?: readonly string[];
}

const AUDIT = ['create_by', 'create_time', 'update_by', 'update_time'] as const;

/** Business tables, readable by every report viewer within their tenant. */
export const REPORT_BUSINESS_TABLES: Readonly<Record<string, ReportTableSpec>> = {
  biz_asset: { tenancy: 'tenant' },
  biz_asset_ledger: { tenancy: 'tenant' },
  biz_project: { tenancy: 'tenant' },
  // The holder's ID number and phone are sealed at rest and masked in the ticket list: reports never show them.
  biz_room_ticket: {
    tenancy: 'tenant',
    columns: [
      'id',
      'ticket_no',
      'holder_name',
      'project_id',
      'face_amount',
      'used_amount',
      'issue_date',
      'expiry_date',
      'status',
      'cancel_reason',
      'cancel_time',
      'remark',
      'version',
      'tenant_id',
      'sys_org_code',
      'del_flag',
      ...AUDIT,
    ],
  },
  biz_ticket_use: { tenancy: 'tenant' },
  biz_company: { tenancy: 'tenant' },
  biz_company_bank: { tenancy: 'tenant' },
  biz_print_template: { tenancy: 'tenant-or-shared' },
  // A device's key hash would let a report reader try keys offline: left out.
  iot_device: {
    tenancy: 'tenant',
    columns: [
      'id',
      'device_id',
      'parent_id',
      'device_name',
      'type',
      'asset_id',
      'location',
      'longitude',
      'latitude',
      'online_status',
      'last_seen_time',
      'remark',
      'tenant_id',
      'del_flag',
      ...AUDIT,
    ],
  },
  iot_alarm: { tenancy: 'tenant' },
};

/**
 * System tables a platform administrator may let reports read (every tenant's rows: such reports are platform
 * objects only a platform administrator runs). Secrets are never among them: see REPORT_NEVER_TABLES.
 */
export const REPORT_SYSTEM_TABLES: Readonly<Record<string, ReportTableSpec>> = {
  sys_tenant: { tenancy: 'none' },
  sys_depart: { tenancy: 'none' },
  sys_position: { tenancy: 'none' },
  sys_category: { tenancy: 'none' },
  sys_dict: { tenancy: 'none' },
  sys_dict_item: { tenancy: 'none' },
  sys_role: { tenancy: 'none' },
  // The password hash is left out, and so are phone and e-mail (sealed at rest, issue 24).
  sys_user: {
    tenancy: 'none',
    columns: [
      'id',
      'username',
      'realname',
      'avatar',
      'birthday',
      'sex',
      'org_code',
      'status',
      'del_flag',
      'work_no',
      'telephone',
      'login_tenant_id',
      'login_depart_id',
      'login_position_id',
      'last_login_time',
      ...AUDIT,
    ],
  },
  sys_user_role: { tenancy: 'none' },
  sys_user_depart: { tenancy: 'none' },
  sys_user_position: { tenancy: 'none' },
  sys_user_tenant: { tenancy: 'none' },
  sys_permission: { tenancy: 'none' },
  sys_role_permission: { tenancy: 'none' },
  sys_depart_role: { tenancy: 'none' },
  sys_depart_role_user: { tenancy: 'none' },
  sys_announcement: { tenancy: 'none' },
  sys_announcement_send: { tenancy: 'none' },
  sys_message_template: { tenancy: 'none' },
  sys_fill_rule: { tenancy: 'none' },
  sys_check_rule: { tenancy: 'none' },
};

/**
 * Never readable by a report, whatever is allowed (any other table not listed above is refused too): sessions,
 * credentials and sealed secrets, third-party identities, logs (request parameters, data snapshots of every tenant),
 * sent messages, settings, gateway and job definitions, files' storage, the online designer's own tables (their
 * names start like a form's) and the migration bookkeeping.
 */
export const REPORT_NEVER_TABLES: readonly string[] = [
  'sys_token',
  'sys_third_account',
  'sys_data_source',
  'sys_platform_setting',
  'sys_log',
  'sys_data_log',
  'sys_message',
  'sys_quartz_job',
  'sys_quartz_job_log',
  'sys_gateway_route',
  'sys_file',
  'sys_fill_rule_counter',
  'onl_cgform_head',
  'onl_cgform_version',
  'onl_cgform_enhance',
  'onl_cgreport_head',
  'kysely_migration',
  'kysely_migration_lock',
];

/** The platform setting (sys_platform_setting) naming the system tables reports may read, comma-separated. */
export const REPORT_SYSTEM_TABLES_KEY = 'reportSystemTables';

export async function allowedSystemTables(db: Kysely<Database>): Promise<string[]> {
  const row = await db
    .selectFrom('sysPlatformSetting')
    .select('settingValue')
    .where('settingKey', '=', REPORT_SYSTEM_TABLES_KEY)
    .executeTakeFirst();
  const value = row?.settingValue ?? '';
  // Only names this release still allows count, whatever an older one stored.
  return value.split(',').filter((t) => Object.hasOwn(REPORT_SYSTEM_TABLES, t));
}

export async function saveAllowedSystemTables(db: Kysely<Database>, tables: string[]): Promise<string[]> {
  for (const t of tables) {
    if (!Object.hasOwn(REPORT_SYSTEM_TABLES, t)) throw new ApiError(400, ONLINE_MESSAGES.systemTableUnknown(t));
  }
  const unique = [...new Set(tables)].sort();
  await saveSettings(db, { [REPORT_SYSTEM_TABLES_KEY]: unique.join(',') });
  return unique;
}

/** The tables of synchronised online forms (their data tables carry a tenant_id column). */
async function formTables(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await onlineDb(db)
    .selectFrom('onlCgformHead')
    .select('tableName')
    .where('syncedVersion', 'is not', null)
    .execute();
  return new Set(
    rows
      .map((r) => r.tableName)
      .filter((t) => t.startsWith(ONLINE_LIMITS.tablePrefix) && !REPORT_NEVER_TABLES.includes(t)),
  );
}

/** The allowlist as it stands now: what each name is to a report, and how its shadow reads it. */
export interface ReportTableCatalogue {
  classify(table: string): TableKind | null;
  spec(table: string): ReportTableSpec;
}

export async function reportTableCatalogue(db: Kysely<Database>): Promise<ReportTableCatalogue> {
  const [system, forms] = await Promise.all([allowedSystemTables(db), formTables(db)]);
  const allowedSystem = new Set(system);
  const classify = (t: string): TableKind | null => {
    if (REPORT_NEVER_TABLES.includes(t)) return null;
    if (Object.hasOwn(REPORT_BUSINESS_TABLES, t)) return 'business';
    if (forms.has(t)) return 'form';
    if (allowedSystem.has(t)) return 'system';
    return null;
  };
  return {
    classify,
    spec: (t) =>
      REPORT_BUSINESS_TABLES[t] ??
      REPORT_SYSTEM_TABLES[t] ??
      (forms.has(t) ? { tenancy: 'tenant' } : { tenancy: 'none' }),
  };
}

/**
 * `name AS (SELECT <columns> FROM <schema>.name WHERE <tenant>)` for each table a report reads: a CTE name shadows
 * the table on all three databases, and the schema-qualified inner reference reads the real table (SQLite would
 * take an unqualified one for the CTE itself). A viewer of no tenant gets no rows of any tenant table.
 */
export function tableShadows(
  tables: readonly string[],
  catalogue: ReportTableCatalogue,
  schema: string,
  tenantId: number | null,
): RawBuilder<unknown>[] {
  return tables.map((t) => {
    const spec = catalogue.spec(t);
    const columns = spec.columns ? sql.join(spec.columns.map((c) => sql.id(c))) : sql`*`;
    let where = sql``;
    if (spec.tenancy !== 'none') {
      if (tenantId === null) where = sql` where 1 = 0`;
      else if (spec.tenancy === 'tenant') where = sql` where tenant_id = ${tenantId}`;
      else where = sql` where (tenant_id = ${tenantId} or tenant_id is null)`;
    }
    return sql`${sql.id(t)} as (select ${columns} from ${sql.id(schema, t)}${where})`;
  });
}
