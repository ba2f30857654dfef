import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M } from '../ops.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** A letter, then letters, digits and underscores. */
export const DATA_SOURCE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * 数据源 (data sources of the online reports): the password is sealed on the server and never answered; the list
 * says only whether one is set (`hasPassword`).
 */
export const DATA_SOURCE_RESOURCE = describeResource({
  name: 'sys_data_source',
  title: '数据源',
  path: DATA_SOURCE_API.base,
  fields: {
    code: {
      title: '数据源编码',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 140 },
      rules: [
        { required: true, message: M.codeRequired },
        { max: 50, message: '数据源编码最多50个字符' },
        { pattern: DATA_SOURCE_CODE_PATTERN, message: M.codeInvalid },
      ],
    },
    name: {
      title: '数据源名称',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 160 },
      query: 'like',
      rules: [
        { required: true, message: M.nameRequired },
        { max: 100, message: '数据源名称最多100个字符' },
      ],
    },
    /** Answered with dbType_dictText (DATA_SOURCE_TYPE_LABELS); the page offers the types. */
    dbType: {
      title: '数据库类型',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 140 },
      query: 'custom',
      rules: [{ required: true, message: M.typeInvalid }],
    },
    /** Required for every type but SQLite (the schema's refinement); a domain name or an IP address. */
    host: { title: '主机', type: 'string' },
    port: { title: '端口', type: 'int' },
    databaseName: {
      title: '数据库',
      type: 'string',
      list: { width: 140 },
      rules: [{ required: true, message: M.databaseRequired }],
    },
    username: {
      title: '用户名',
      type: 'string',
      list: { width: 110 },
      rules: [{ max: 100, message: '用户名最多100个字符' }],
    },
    password: { title: '密码', type: 'string', hidden: true, excel: false },
    remark: {
      title: '备注',
      type: 'string',
      list: { width: 180 },
      rules: [{ max: 500, message: '备注最多500个字符' }],
    },
    createTime: { title: '创建时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.dataSourceList,
    queryById: PERM.dataSourceList,
    add: PERM.dataSourceAdd,
    edit: PERM.dataSourceEdit,
    delete: PERM.dataSourceDelete,
    deleteBatch: PERM.dataSourceDelete,
  },
  unique: [{ index: 'uq_sys_data_source_code', fields: ['code'], message: () => M.codeTaken }],
});
