import { TENANT_LIMITS as L, TENANT_MESSAGES as M } from '../org.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { lengthRules } from '../validation.js';

/** 租户 (sys_tenant): the id is an integer the administrator chooses; a platform object, not tenant-scoped itself. */
export const TENANT_RESOURCE = describeResource({
  name: 'sys_tenant',
  title: '租户',
  path: '/sys/tenant',
  fields: {
    id: {
      title: '租户编号',
      type: 'int',
      filter: true,
      sort: true,
      list: { width: 110 },
      rules: [{ required: true, message: M.idRequired }],
    },
    name: {
      title: '租户名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [{ required: true, message: M.nameRequired }, ...lengthRules({ max: L.name })],
    },
    beginDate: { title: '开始时间', type: 'string', filter: true, sort: true, list: { width: 170 } },
    endDate: { title: '结束时间', type: 'string', filter: true, sort: true, list: { width: 170 } },
    status: {
      title: '状态',
      type: 'int',
      filter: true,
      sort: true,
      dict: 'valid_status',
      list: { width: 80 },
      query: 'dict',
      rules: [{ required: true, message: M.statusRequired }],
    },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
  },
  permissions: { list: PERM.tenantList, add: PERM.tenantAdd, edit: PERM.tenantEdit, delete: PERM.tenantDelete },
  unique: [
    {
      // The id is the primary key.
      index: 'sys_tenant_pkey',
      fields: ['id'],
      message: (v) => (v && /^\d+$/.test(v) ? M.idTaken(Number(v)) : '租户编号已存在'),
    },
  ],
});
