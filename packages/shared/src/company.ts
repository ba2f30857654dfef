/**
 * The company profile (企业信息) of shared/design/domain.md (issue 10): one record per tenant, its bank
 * accounts (exactly one default while any exist) and its invoice details. The login's `company` comes from it.
 */

export const COMPANY_API = {
  /** GET: the caller's tenant's profile (with invoice details), or an empty one; PUT CompanyInput saves it. */
  profile: '/company/profile',
  /** Bank accounts: GET list; POST add; PUT edit; DELETE delete?id; PUT setDefault { id }. */
  bankList: '/company/bank/list',
  bankAdd: '/company/bank/add',
  bankEdit: '/company/bank/edit',
  bankDelete: '/company/bank/delete',
  bankSetDefault: '/company/bank/setDefault',
  /** The bank accounts' prefix (their declaration's path): list, add, edit and delete below it. */
  bankBase: '/company/bank',
} as const;

export const COMPANY_ROUTES = { profile: '/company/profile' } as const;

export interface CompanyProfile {
  id: string | null;
  name: string;
  creditCode: string | null;
  legalPerson: string | null;
  address: string | null;
  phone: string | null;
  /** Stored path of the uploaded logo. */
  logo: string | null;
  longitude: number | null;
  latitude: number | null;
  invoiceTitle: string | null;
  invoiceTaxNo: string | null;
  invoiceAddress: string | null;
  invoicePhone: string | null;
  invoiceBank: string | null;
  invoiceAccount: string | null;
  version: number;
}

export interface CompanyBankAccount {
  id: string;
  bankName: string;
  branch: string | null;
  accountName: string;
  accountNo: string;
  /** 1 for the default account. */
  isDefault: 0 | 1;
  remark: string | null;
}

/** 纳税人识别号: 15 to 20 digits or capital letters. */
export const TAX_NO_PATTERN = /^[0-9A-Z]{15,20}$/;

/** 统一社会信用代码: 18 characters of digits and capital letters except I, O, Z, S, V. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const COMPANY_MESSAGES = {
  nameRequired: '请输入企业名称',
  creditCode: '请输入正确的统一社会信用代码（18位）',
  phone: '请输入正确的联系电话',
  noTenant: '当前账号未选择租户，不能维护企业信息',
  bankNameRequired: '请输入开户银行',
  accountNameRequired: '请输入账户名称',
  accountNoRequired: '请输入银行账号',
  accountNo: '请输入正确的银行卡号码',
  accountTaken: (no: string) => `银行账号“${no}”已存在`,
  secondDefault: '已有默认账户：请使用“设为默认”更换默认账户',
  deleteDefault: '默认账户不能删除，请先将其他账户设为默认',
  unsetDefault: '必须保留一个默认账户，请将其他账户设为默认',
  bankNotFound: '银行账户不存在或已删除',
  profileFirst: '请先保存企业基本信息',
  taxNo: '请输入正确的纳税人识别号（15到20位字母或数字）',
  concurrentChange: '企业信息刚被其他人修改，请刷新后重试',
} as const;
