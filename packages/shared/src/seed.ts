/**
 * Seeded rows the code refers to. Their ids are stable across starts and databases: the seeds compute them as
 * md5("district-assets:" + key) (the server's `seedId`); they are spelled out here so that both sides can name them
 * without hashing, and a server test checks each against its key.
 */

/** Codes of the seeded roles. */
export const ROLE = {
  admin: 'admin',
  staff: 'staff',
  guest: 'guest',
  assetOffice: 'asset_office',
  /** Marks platform administrators (decisions.md, "Platform and tenant objects"); grants no menu itself. */
  platform: 'platform_admin',
  /** The three officers of three-officer mode (三员分立, audit.ts): accounts and configuration, security, audit. */
  sysAdmin: 'sys_admin',
  secAdmin: 'sec_admin',
  auditAdmin: 'audit_admin',
} as const;

/** The seed keys of the rows below, as the seeds name them. */
export const SEED_KEY = {
  adminUser: 'user:admin',
  adminRole: 'role:admin',
  platformRole: 'role:platform_admin',
  sysAdminRole: 'role:sys_admin',
  secAdminRole: 'role:sec_admin',
  auditAdminRole: 'role:audit_admin',
} as const;

export const SEED_ID = {
  /** The seeded administrator: it can be neither frozen nor deleted, so the system always keeps a way in. */
  adminUser: '423a42de05b9000dc1936939a36a4718',
  /** The administrator role: whoever holds it may grant every permission, new menus included. */
  adminRole: '837a56a499131bd9b3aaf2ca3ffd94ff',
  /** The platform administrator role: only its holders give, take or change it (decisions.md). */
  platformRole: '41bc2ac42752999ce806419537d12eb3',
  /** The three officers' roles (三员分立): none can be deleted or recoded. */
  sysAdminRole: '14437f90b25d0185114e33ad46b85b9d',
  secAdminRole: '6c2fe9fb5b9680d3a266ff643f9dc166',
  auditAdminRole: '57f6fa6707f530a800757fe80016dd8b',
} as const satisfies Record<keyof typeof SEED_KEY, string>;
