import { POSITION_RESOURCE } from './position.js';
import { ALARM_RESOURCE } from './alarm.js';
import { ANNOUNCEMENT_RESOURCE } from './announcement.js';
import { DATA_SOURCE_RESOURCE } from './data-source.js';
import { DEVICE_RESOURCE } from './device.js';
import { GATEWAY_ROUTE_RESOURCE } from './gateway-route.js';
import { JOB_RESOURCE } from './job.js';
import { MESSAGE_RECORD_RESOURCE } from './message-record.js';
import { MESSAGE_TEMPLATE_RESOURCE } from './message-template.js';
import { OSS_FILE_RESOURCE } from './oss-file.js';
import { CATEGORY_RESOURCE } from './category.js';
import { DEPART_RESOURCE, DEPART_ROLE_RESOURCE } from './depart.js';
import { DICT_ITEM_RESOURCE, DICT_RESOURCE } from './dict.js';
import { DATA_LOG_RESOURCE, LOG_RESOURCE } from './log.js';
import { DATA_RULE_RESOURCE, PERMISSION_RESOURCE } from './permission.js';
import { ROLE_RESOURCE } from './role.js';
import { CHECK_RULE_RESOURCE, FILL_RULE_RESOURCE } from './rule.js';
import { TENANT_RESOURCE } from './tenant.js';
import { USER_RESOURCE } from './user.js';
import { ASSET_RESOURCE, LEDGER_RESOURCE } from './asset.js';
import { BANK_ACCOUNT_RESOURCE, COMPANY_RESOURCE } from './company.js';
import { PRINT_TEMPLATE_RESOURCE } from './print-template.js';
import { PROJECT_RESOURCE } from './project.js';
import { TICKET_RESOURCE, TICKET_USE_RESOURCE } from './room-ticket.js';
import type { ResourceDescriptor } from '../resource.js';

export { POSITION_RESOURCE };
// Operations, messaging and IoT (with their code patterns).
export * from './alarm.js';
export * from './announcement.js';
export * from './data-source.js';
export * from './device.js';
export * from './gateway-route.js';
export * from './job.js';
export * from './message-record.js';
export * from './message-template.js';
export * from './oss-file.js';

// System administration.
export * from './category.js';
export * from './depart.js';
export * from './dict.js';
export * from './log.js';
export * from './permission.js';
export * from './role.js';
export * from './rule.js';
export * from './tenant.js';
export * from './user.js';

// Assets and their ledger, the company and its bank accounts, projects, room tickets and their uses, print templates.
export * from './asset.js';
export * from './company.js';
export * from './print-template.js';
export * from './project.js';
export * from './room-ticket.js';
export * from './text-rules.js';

/** Every resource's descriptor: the server's uniqueness answers and the print sources read them all. */
export const RESOURCES: readonly ResourceDescriptor[] = [
  POSITION_RESOURCE,
  USER_RESOURCE,
  ROLE_RESOURCE,
  DEPART_RESOURCE,
  DEPART_ROLE_RESOURCE,
  DICT_RESOURCE,
  DICT_ITEM_RESOURCE,
  CATEGORY_RESOURCE,
  FILL_RULE_RESOURCE,
  CHECK_RULE_RESOURCE,
  TENANT_RESOURCE,
  PERMISSION_RESOURCE,
  DATA_RULE_RESOURCE,
  LOG_RESOURCE,
  DATA_LOG_RESOURCE,
  ALARM_RESOURCE,
  ANNOUNCEMENT_RESOURCE,
  DATA_SOURCE_RESOURCE,
  DEVICE_RESOURCE,
  GATEWAY_ROUTE_RESOURCE,
  JOB_RESOURCE,
  MESSAGE_RECORD_RESOURCE,
  MESSAGE_TEMPLATE_RESOURCE,
  OSS_FILE_RESOURCE,
  ASSET_RESOURCE,
  LEDGER_RESOURCE,
  COMPANY_RESOURCE,
  BANK_ACCOUNT_RESOURCE,
  PROJECT_RESOURCE,
  TICKET_RESOURCE,
  TICKET_USE_RESOURCE,
  PRINT_TEMPLATE_RESOURCE,
];
