import { TICKET_API, TICKET_DICT, TICKET_MESSAGES } from '../house.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { MASKED_PATTERNS, PATTERNS, orMasked } from '../validation.js';
import { maxRule, requiredRule } from './text-rules.js';

/**
 * 房票管理 (room tickets): money in fen answered in yuan, the remaining amount computed per page; holders' ID
 * numbers and phone numbers are encrypted at rest, found by the whole value only, and masked in every answer unless
 * the caller holds ticket:viewIdCard. Number, status, used amount and the cancelling are the server's (fill rule,
 * uses, 作废, expiry).
 */
export const TICKET_RESOURCE = describeResource({
  name: 'biz_room_ticket',
  title: '房票',
  path: TICKET_API.base,
  exportName: '房票信息',
  fields: {
    ticketNo: {
      title: '房票编号',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 18 },
      list: { valueType: 'code', width: 160 },
      query: 'like',
    },
    holderName: {
      title: '持票人',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      query: 'like',
      rules: [requiredRule(TICKET_MESSAGES.holderNameRequired), maxRule('持票人姓名', 50)],
    },
    /** Checked against GB 11643 besides the required rule (isValidIdCard). */
    holderIdCard: {
      title: '身份证号',
      type: 'string',
      filter: true,
      query: { kind: 'eq', placeholder: '完整身份证号' },
      excel: { width: 22 },
      list: { width: 180 },
      rules: [requiredRule(TICKET_MESSAGES.idCardRequired)],
    },
    holderPhone: {
      title: '手机号',
      type: 'string',
      filter: true,
      excel: { width: 14 },
      list: { width: 120 },
      query: { kind: 'eq', placeholder: '完整手机号' },
      rules: [
        requiredRule(TICKET_MESSAGES.phoneRequired),
        { pattern: orMasked(PATTERNS.mobile, MASKED_PATTERNS.mobile), message: TICKET_MESSAGES.phoneInvalid },
      ],
    },
    /** A resettlement project of the tenant; the page offers them. */
    projectId: {
      title: '安置项目',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 28 },
      list: { width: 180 },
      query: 'custom',
      rules: [requiredRule(TICKET_MESSAGES.projectRequired)],
    },
    faceAmount: {
      title: '票面金额',
      type: 'decimal2',
      filter: true,
      sort: true,
      excel: { width: 14 },
      list: { width: 140 },
    },
    usedAmount: {
      title: '已使用金额',
      type: 'decimal2',
      filter: true,
      sort: true,
      excel: { width: 14 },
      list: { width: 140 },
    },
    remainingAmount: {
      title: '剩余金额',
      type: 'decimal2',
      computed: true,
      excel: { width: 14 },
      list: { width: 140 },
    },
    issueDate: {
      title: '发放日期',
      type: 'date',
      filter: true,
      sort: true,
      excel: { width: 12 },
      rules: [requiredRule(TICKET_MESSAGES.issueDateRequired)],
    },
    expiryDate: {
      title: '有效期至',
      type: 'date',
      filter: true,
      sort: true,
      excel: { width: 12 },
      rules: [requiredRule(TICKET_MESSAGES.expiryDateRequired)],
    },
    status: {
      title: '状态',
      type: 'string',
      filter: true,
      sort: true,
      dict: TICKET_DICT.status,
      list: { width: 100 },
      query: 'dict',
    },
    cancelReason: {
      title: '作废原因',
      type: 'string',
      excel: { width: 24 },
      rules: [requiredRule(TICKET_MESSAGES.cancelReasonRequired), maxRule('作废原因', 200)],
    },
    remark: { title: '备注', type: 'string', excel: { width: 24 }, rules: [maxRule('备注', 500)] },
    cancelTime: { title: '作废时间', type: 'datetime', excel: false },
    version: { title: '版本', type: 'int', excel: false },
    sysOrgCode: { title: '所属机构编码', type: 'string', excel: false },
    createBy: { title: '创建人', type: 'string', filter: true, excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
    updateTime: { title: '更新时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.ticketList,
    add: PERM.ticketAdd,
    edit: PERM.ticketEdit,
    delete: PERM.ticketDelete,
    exportXls: PERM.ticketExport,
    importExcel: PERM.ticketImport,
  },
  unique: [
    {
      index: 'uq_biz_room_ticket_no',
      fields: ['ticketNo'],
      message: (v) => (v ? TICKET_MESSAGES.ticketNoTaken(v) : '房票编号已存在'),
    },
  ],
});

/**
 * 使用记录 (the uses of a ticket): not on the resource engine — recorded with TICKET_API.use and listed with
 * TICKET_API.uses under the ticket's rights — but declared alike for the use form, the detail page and the print
 * source.
 */
export const TICKET_USE_RESOURCE = describeResource({
  name: 'biz_ticket_use',
  title: '使用记录',
  path: TICKET_API.base,
  fields: {
    useDate: {
      title: '使用日期',
      type: 'date',
      list: { width: 110 },
      rules: [requiredRule(TICKET_MESSAGES.useDateRequired)],
    },
    houseAddress: {
      title: '房屋地址',
      type: 'string',
      rules: [requiredRule(TICKET_MESSAGES.houseAddressRequired), maxRule('房屋地址', 255)],
    },
    area: { title: '面积(㎡)', type: 'decimal2', list: { width: 100 } },
    amount: { title: '使用金额', type: 'decimal2', list: { width: 140 } },
    seller: {
      title: '售房单位',
      type: 'string',
      list: { width: 160 },
      rules: [requiredRule(TICKET_MESSAGES.sellerRequired), maxRule('售房单位', 100)],
    },
    remark: { title: '备注', type: 'string', rules: [maxRule('备注', 500)] },
    createBy: { title: '登记人', type: 'string', list: { width: 100 } },
    createTime: { title: '登记时间', type: 'datetime', list: { width: 170 } },
  },
  permissions: { list: PERM.ticketList, add: PERM.ticketUse },
});
