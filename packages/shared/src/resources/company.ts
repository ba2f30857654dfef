import { COMPANY_API, COMPANY_MESSAGES as M, CREDIT_CODE_PATTERN, TAX_NO_PATTERN } from '../company.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { PATTERNS } from '../validation.js';
import { maxRule, requiredRule } from './text-rules.js';

/**
 * 企业信息 (the tenant's company profile with its invoice details): one record per tenant, read and saved through
 * COMPANY_API.profile rather than the resource engine, declared for its titles and rules.
 */
export const COMPANY_RESOURCE = describeResource({
  name: 'biz_company',
  title: '企业信息',
  path: COMPANY_API.profile,
  fields: {
    name: { title: '企业名称', type: 'string', rules: [requiredRule(M.nameRequired), maxRule('企业名称', 100)] },
    creditCode: {
      title: '统一社会信用代码',
      type: 'string',
      rules: [
        { max: 18, message: M.creditCode },
        { pattern: CREDIT_CODE_PATTERN, message: M.creditCode },
      ],
    },
    legalPerson: { title: '法定代表人', type: 'string', rules: [maxRule('法定代表人', 50)] },
    /** A mobile number or a landline (the schema's refinement). */
    phone: { title: '联系电话', type: 'string' },
    address: { title: '地址', type: 'string', rules: [maxRule('地址', 255)] },
    longitude: { title: '经度', type: 'number' },
    latitude: { title: '纬度', type: 'number' },
    logo: { title: '企业Logo', type: 'string' },
    invoiceTitle: { title: '发票抬头', type: 'string', rules: [maxRule('发票抬头', 100)] },
    invoiceTaxNo: {
      title: '纳税人识别号',
      type: 'string',
      rules: [
        { max: 20, message: M.taxNo },
        { pattern: TAX_NO_PATTERN, message: M.taxNo },
      ],
    },
    invoiceAddress: { title: '注册地址', type: 'string', rules: [maxRule('注册地址', 255)] },
    invoicePhone: { title: '电话', type: 'string' },
    invoiceBank: { title: '开户银行', type: 'string', rules: [maxRule('开户银行', 100)] },
    invoiceAccount: {
      title: '银行账号',
      type: 'string',
      rules: [
        { max: 20, message: M.accountNo },
        { pattern: PATTERNS.bankCard, message: M.accountNo },
      ],
    },
  },
  permissions: { list: PERM.companyView, edit: PERM.companyEdit },
});

/**
 * 银行账户 (the company's bank accounts, exactly one default while any exist): custom routes below the path (list,
 * add, edit, delete, setDefault) that keep the single default, declared for titles and rules.
 */
export const BANK_ACCOUNT_RESOURCE = describeResource({
  name: 'biz_company_bank',
  title: '银行账户',
  path: COMPANY_API.bankBase,
  fields: {
    bankName: {
      title: '开户银行',
      type: 'string',
      rules: [requiredRule(M.bankNameRequired), maxRule('开户银行', 100)],
    },
    branch: { title: '开户网点', type: 'string', rules: [maxRule('开户网点', 100)] },
    accountName: {
      title: '账户名称',
      type: 'string',
      rules: [requiredRule(M.accountNameRequired), maxRule('账户名称', 100)],
    },
    accountNo: {
      title: '银行账号',
      type: 'string',
      rules: [requiredRule(M.accountNoRequired), { pattern: PATTERNS.bankCard, message: M.accountNo }],
    },
    isDefault: { title: '默认账户', type: 'int' },
    remark: { title: '备注', type: 'string', rules: [maxRule('备注', 200)] },
  },
  permissions: { list: PERM.companyView, add: PERM.companyEdit, edit: PERM.companyEdit, delete: PERM.companyEdit },
});
