import { ASSET_API, ASSET_CATEGORY_ROOT, ASSET_DICT, ASSET_MESSAGES } from '../asset.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { maxRule, requiredRule } from './text-rules.js';

/**
 * 资产索引 (the asset register): money and areas as decimal2, the category a code tree under ASSET_CATEGORY_ROOT,
 * the department and custodian labelled by the server. Code, status and department change only through the server
 * (the fill rule, the ledger).
 */
export const ASSET_RESOURCE = describeResource({
  name: 'biz_asset',
  title: '资产',
  path: ASSET_API.base,
  exportName: '资产信息',
  fields: {
    code: {
      title: '资产编号',
      type: 'string',
      filter: true,
      sort: true,
      list: { valueType: 'code', width: 150 },
      query: 'like',
    },
    name: {
      title: '资产名称',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 30 },
      list: { width: 180 },
      query: 'like',
      rules: [requiredRule(ASSET_MESSAGES.nameRequired), maxRule('资产名称', 100)],
    },
    /** Labelled from the category tree; a filter includes the category's descendants. */
    categoryId: {
      title: '资产分类',
      type: 'string',
      filter: true,
      sort: true,
      list: { valueType: 'dict', width: 100 },
      query: { kind: 'category', root: ASSET_CATEGORY_ROOT },
      rules: [requiredRule(ASSET_MESSAGES.categoryRequired)],
    },
    ownerDepartId: {
      title: '所属部门',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 130 },
      query: 'depart',
    },
    /** A user (username, labelled with the real name) or a plain name. */
    custodian: { title: '保管人', type: 'string', filter: true, rules: [maxRule('保管人', 100)] },
    address: {
      title: '地址',
      type: 'string',
      filter: true,
      excel: { width: 36 },
      list: 'longText',
      rules: [maxRule('地址', 255)],
    },
    regionCode: { title: '所在地区', type: 'string', filter: true, rules: [maxRule('所在地区', 20)] },
    longitude: { title: '经度', type: 'number', filter: true },
    latitude: { title: '纬度', type: 'number', filter: true },
    area: { title: '面积(㎡)', type: 'decimal2', filter: true, sort: true, list: { width: 110 } },
    originalValue: { title: '原值(元)', type: 'decimal2', filter: true, sort: true, list: { width: 150 } },
    netValue: { title: '净值(元)', type: 'decimal2', filter: true, sort: true, list: { width: 150 } },
    acquiredDate: { title: '取得日期', type: 'date', filter: true, sort: true },
    status: {
      title: '资产状态',
      type: 'string',
      filter: true,
      sort: true,
      dict: ASSET_DICT.status,
      list: { width: 100 },
      query: 'dict',
      rules: [requiredRule(ASSET_MESSAGES.statusRequired)],
    },
    useNature: {
      title: '使用性质',
      type: 'string',
      filter: true,
      sort: true,
      dict: ASSET_DICT.useNature,
      query: 'dict',
    },
    certificateNo: { title: '权证号', type: 'string', filter: true, rules: [maxRule('权证号', 100)] },
    images: { title: '资产图片', type: 'string', excel: false },
    attachments: { title: '附件', type: 'string', excel: false },
    // Exported and imported (as its HTML, sanitised on import), so an export is a complete import file.
    description: { title: '资产描述', type: 'string', excel: { width: 40 } },
    /** 1 published, 0 not; the page offers 已发布 / 未发布. */
    published: {
      title: '是否发布',
      type: 'int',
      filter: true,
      sort: true,
      excel: false,
      list: { width: 90 },
      query: 'custom',
    },
    publishTime: { title: '发布时间', type: 'datetime', filter: true, sort: true, excel: false },
    remark: { title: '备注', type: 'string', rules: [maxRule('备注', 500)] },
    version: { title: '版本', type: 'int', excel: false },
    sysOrgCode: { title: '所属机构编码', type: 'string', filter: true, excel: false },
    createBy: { title: '创建人', type: 'string', filter: true, excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
    updateTime: { title: '更新时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.assetList,
    add: PERM.assetAdd,
    edit: PERM.assetEdit,
    delete: PERM.assetDelete,
    exportXls: PERM.assetExport,
    importExcel: PERM.assetImport,
  },
  unique: [
    {
      index: 'uq_biz_asset_code',
      fields: ['code'],
      message: (v) => (v ? ASSET_MESSAGES.codeTaken(v) : '资产编号已存在'),
    },
  ],
});

/**
 * 台账 (an asset's ledger events): not on the resource engine (events are recorded and listed, never edited or
 * deleted), but declared the same way, so the ledger page, its export and the print source name the fields alike.
 * Its routes are list, add and exportXls below the path.
 */
export const LEDGER_RESOURCE = describeResource({
  name: 'biz_asset_ledger',
  title: '台账事件',
  path: ASSET_API.ledgerBase,
  fields: {
    eventDate: {
      title: '事件日期',
      type: 'date',
      excel: { width: 12 },
      list: { width: 110 },
      rules: [requiredRule(ASSET_MESSAGES.eventDateRequired)],
    },
    type: {
      title: '事件类型',
      type: 'string',
      dict: ASSET_DICT.ledgerType,
      excel: { width: 10 },
      list: { width: 100 },
      rules: [requiredRule(ASSET_MESSAGES.ledgerTypeRequired)],
    },
    fromDepartId: { title: '调出部门', type: 'string', list: { width: 140 } },
    toDepartId: { title: '调入部门', type: 'string', list: { width: 140 } },
    fromStatus: { title: '原状态', type: 'string', dict: ASSET_DICT.status, excel: { width: 10 } },
    toStatus: { title: '新状态', type: 'string', dict: ASSET_DICT.status, excel: { width: 10 } },
    counterparty: { title: '相对方', type: 'string', list: { width: 140 }, rules: [maxRule('相对方', 100)] },
    amount: { title: '金额(元)', type: 'decimal2', list: { width: 130 } },
    netValueBefore: { title: '变动前净值(元)', type: 'decimal2' },
    netValueAfter: { title: '变动后净值(元)', type: 'decimal2', list: { width: 150 } },
    documents: { title: '单据', type: 'string', excel: false, list: { width: 160 } },
    remark: { title: '备注', type: 'string', excel: { width: 30 }, rules: [maxRule('备注', 500)] },
    createBy: { title: '登记人', type: 'string', excel: { width: 10 }, list: { width: 100 } },
    createTime: { title: '登记时间', type: 'datetime', excel: { width: 20 } },
  },
  permissions: { list: PERM.assetLedgerList, add: PERM.assetLedgerAdd, exportXls: PERM.assetLedgerList },
});
