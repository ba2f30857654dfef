import { z } from 'zod';
import { ASSET_MESSAGES } from '../asset.js';
import { COMPANY_MESSAGES, CREDIT_CODE_PATTERN } from '../company.js';
import { PATTERNS } from '../validation.js';
import { zodString } from '../zod-string.js';
import { coordinateField, idField, optionalText, requiredText } from './fields.js';

const pattern = (re: RegExp, message: string, max: number) =>
  zodString([
    { max, message },
    { pattern: re, message },
  ])
    .optional()
    .nullable();

const phone = z
  .string()
  .trim()
  .max(30, COMPANY_MESSAGES.phone)
  .refine((v) => v === '' || PATTERNS.mobile.test(v) || PATTERNS.landline.test(v), COMPANY_MESSAGES.phone)
  .optional()
  .nullable();

/** Saving the profile (basic information and the 开票信息 tab together). */
export const companySchema = z
  .strictObject({
    name: requiredText(100, COMPANY_MESSAGES.nameRequired, '企业名称'),
    creditCode: pattern(CREDIT_CODE_PATTERN, COMPANY_MESSAGES.creditCode, 18),
    legalPerson: optionalText(50, '法定代表人'),
    address: optionalText(255, '地址'),
    phone,
    logo: z.string().max(255).optional().nullable(),
    longitude: coordinateField(-180, 180, ASSET_MESSAGES.longitude),
    latitude: coordinateField(-90, 90, ASSET_MESSAGES.latitude),
    invoiceTitle: optionalText(100, '发票抬头'),
    invoiceTaxNo: pattern(/^[0-9A-Z]{15,20}$/, COMPANY_MESSAGES.taxNo, 20),
    invoiceAddress: optionalText(255, '注册地址'),
    invoicePhone: phone,
    invoiceBank: optionalText(100, '开户银行'),
    invoiceAccount: pattern(PATTERNS.bankCard, COMPANY_MESSAGES.accountNo, 20),
    version: z.number().int().optional(),
  })
  .refine(
    (v) => (v.longitude === undefined || v.longitude === null) === (v.latitude === undefined || v.latitude === null),
    { message: ASSET_MESSAGES.coordinatePair, path: ['latitude'] },
  );
export type CompanyInput = z.infer<typeof companySchema>;

const accountNo = zodString([
  { required: true, message: COMPANY_MESSAGES.accountNoRequired },
  { pattern: PATTERNS.bankCard, message: COMPANY_MESSAGES.accountNo },
]);

const bankFields = {
  bankName: requiredText(100, COMPANY_MESSAGES.bankNameRequired, '开户银行'),
  branch: optionalText(100, '开户网点'),
  accountName: requiredText(100, COMPANY_MESSAGES.accountNameRequired, '账户名称'),
  accountNo,
  /** Only the first account may be added as default; later ones change it through setDefault. */
  isDefault: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: optionalText(200, '备注'),
};

export const bankAccountCreateSchema = z.strictObject(bankFields);
export type BankAccountCreateInput = z.infer<typeof bankAccountCreateSchema>;

export const bankAccountUpdateSchema = z.strictObject({
  id: idField,
  ...Object.fromEntries(Object.entries(bankFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
}) as z.ZodType<{ id: string } & Partial<BankAccountCreateInput>>;
export type BankAccountUpdateInput = { id: string } & Partial<BankAccountCreateInput>;

export const bankSetDefaultSchema = z.strictObject({ id: idField });
