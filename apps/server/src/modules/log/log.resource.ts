import { DATA_LOG_RESOURCE, LOG_RESOURCE } from '@district/shared';
import { defineResource } from '../../lib/resource/resource.types.js';

/**
 * Login (type 1) and operation (type 2) logs: read-only, newest first. Each row carries the tenant it was made in
 * and is read in that tenant only (rows without a tenant, e.g. anonymous calls, in none).
 */
export const logResource = defineResource(LOG_RESOURCE, {
  table: 'sysLog',
  audit: false,
  tenancy: { kind: 'column' },
  skip: ['importExcel'],
});

/** Versions of records as every write left them (sys_data_log), per tenant like the logs above. */
export const dataLogResource = defineResource(DATA_LOG_RESOURCE, {
  table: 'sysDataLog',
  audit: false,
  tenancy: { kind: 'column' },
});
