import { PERM, PROJECT_API, PROJECT_ROUTES, TICKET_API, TICKET_ROUTES } from '@district/shared';
import type { FieldDef, ResourceDef } from '../../lib/resource/resource.types.js';

/*
 * What the dashboard needs of the ticket and project resources to scope its aggregates exactly as their lists
 * do (tenant, soft delete, the data rules of their menus): the table, the menu and every column a data rule
 * may name. A rule naming anything else hides everything, as on the lists themselves.
 */

const f = (type: FieldDef['type'], title: string): FieldDef => ({ type, title, filter: true });

const AUDIT = {
  sysOrgCode: f('string', '所属机构编码'),
  createBy: f('string', '创建人'),
  createTime: f('datetime', '创建时间'),
  updateBy: f('string', '更新人'),
  updateTime: f('datetime', '更新时间'),
};

export const ticketScope: ResourceDef = {
  name: 'biz_room_ticket',
  title: '房票',
  table: 'bizRoomTicket',
  path: TICKET_API.base,
  fields: {
    ticketNo: f('string', '房票编号'),
    holderName: f('string', '持票人'),
    holderIdCard: f('string', '身份证号'),
    holderPhone: f('string', '手机号'),
    projectId: f('string', '安置项目'),
    faceAmount: f('decimal2', '票面金额'),
    usedAmount: f('decimal2', '已使用金额'),
    issueDate: f('date', '发放日期'),
    expiryDate: f('date', '有效期至'),
    status: f('string', '状态'),
    cancelReason: f('string', '作废原因'),
    remark: f('string', '备注'),
    ...AUDIT,
  },
  permissions: { list: PERM.ticketList },
  dataRuleMenu: TICKET_ROUTES.list,
  tenancy: { kind: 'column' },
  softDelete: true,
};

export const projectScope: ResourceDef = {
  name: 'biz_project',
  title: '项目',
  table: 'bizProject',
  path: PROJECT_API.base,
  fields: {
    code: f('string', '项目编号'),
    name: f('string', '项目名称'),
    type: f('string', '项目类型'),
    leaderId: f('string', '负责人'),
    departId: f('string', '负责部门'),
    budget: f('decimal2', '预算'),
    actualCost: f('decimal2', '实际成本'),
    startDate: f('date', '开始日期'),
    endDate: f('date', '结束日期'),
    progress: f('int', '进度'),
    status: f('string', '状态'),
    address: f('string', '地址'),
    remark: f('string', '备注'),
    ...AUDIT,
  },
  permissions: { list: PERM.projectList },
  dataRuleMenu: PROJECT_ROUTES.list,
  tenancy: { kind: 'column' },
  softDelete: true,
};
