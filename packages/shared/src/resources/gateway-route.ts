import { GATEWAY_API, GATEWAY_MESSAGES as M } from '../ops.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** A lower-case letter, then 1 to 63 lower-case letters, digits or hyphens. */
export const GATEWAY_ROUTE_ID_PATTERN = /^[a-z][a-z0-9-]{1,63}$/;

/** 网关路由 (gateway routes): the routes the server proxies under /gateway/{routeId}/, to allowlisted hosts only. */
export const GATEWAY_ROUTE_RESOURCE = describeResource({
  name: 'sys_gateway_route',
  title: '网关路由',
  path: GATEWAY_API.base,
  fields: {
    routeId: {
      title: '路由ID',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 140 },
      query: 'like',
      rules: [
        { required: true, message: M.routeIdInvalid },
        { pattern: GATEWAY_ROUTE_ID_PATTERN, message: M.routeIdInvalid },
      ],
    },
    name: {
      title: '路由名称',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 160 },
      query: 'like',
      rules: [
        { required: true, message: M.nameRequired },
        { max: 100, message: '路由名称最多100个字符' },
      ],
    },
    uri: {
      title: '目标地址',
      type: 'string',
      list: { width: 240 },
      rules: [
        { required: true, message: M.uriInvalid },
        { max: 500, message: M.uriInvalid },
      ],
    },
    /** JSON text: path patterns, e.g. ["/api/**"]. */
    predicates: { title: '路径断言', type: 'string', list: { width: 160 } },
    /** JSON text: e.g. [{"name":"StripPrefix","args":{"parts":1}}]. */
    filters: { title: '过滤器', type: 'string', list: { width: 220 } },
    sortOrder: { title: '排序', type: 'int', sort: true, list: { width: 80 } },
    /** 1 enabled, 0 disabled. */
    status: { title: '状态', type: 'int', filter: true, sort: true, list: { width: 80 } },
    createTime: { title: '创建时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.gatewayList,
    queryById: PERM.gatewayList,
    add: PERM.gatewayAdd,
    edit: PERM.gatewayEdit,
    delete: PERM.gatewayDelete,
    deleteBatch: PERM.gatewayDelete,
  },
  unique: [{ index: 'uq_sys_gateway_route_id', fields: ['routeId'], message: () => M.routeIdTaken }],
});
