import { z } from 'zod';
import { ASSET_MESSAGES } from '../asset.js';
import { COMPANY_MESSAGES } from '../company.js';
import { BANK_ACCOUNT_RESOURCE, COMPANY_RESOURCE } from '../resources/company.js';
import { PATTERNS } from '../validation.js';
import { zodString } from '../zod-string.js';
import { coordinateField, idField, optionalRules } from './fields.js';

const F = COMPANY_RESOURCE.fields;
const B = BANK_ACCOUNT_RESOURCE.fields;

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
    name: zodString(F.name.rules),
    creditCode: optionalRules(F.creditCode.rules),
    legalPerson: optionalRules(F.legalPerson.rules),
    address: optionalRules(F.address.rules),
    phone,
    logo: z.string().max(255).optional().nullable(),
    longitude: coordinateField(-180, 180, ASSET_MESSAGES.longitude),
    latitude: coordinateField(-90, 90, ASSET_MESSAGES.latitude),
    invoiceTitle: optionalRules(F.invoiceTitle.rules),
    invoiceTaxNo: optionalRules(F.invoiceTaxNo.rules),
    invoiceAddress: optionalRules(F.invoiceAddress.rules),
    invoicePhone: phone,
    invoiceBank: optionalRules(F.invoiceBank.rules),
    invoiceAccount: optionalRules(F.invoiceAccount.rules),
    version: z.number().int().optional(),
  })
  .refine(
    (v) => (v.longitude === undefined || v.longitude === null) === (v.latitude === undefined || v.latitude === null),
    { message: ASSET_MESSAGES.coordinatePair, path: ['latitude'] },
  );
export type CompanyInput = z.infer<typeof companySchema>;

const accountNo = zodString(B.accountNo.rules);

const bankFields = {
  bankName: zodString(B.bankName.rules),
  branch: optionalRules(B.branch.rules),
  accountName: zodString(B.accountName.rules),
  accountNo,
  /** Only the first account may be added as default; later ones change it through setDefault. */
  isDefault: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: optionalRules(B.remark.rules),
};

export const bankAccountCreateSchema = z.strictObject(bankFields);
export type BankAccountCreateInput = z.infer<typeof bankAccountCreateSchema>;

export const bankAccountUpdateSchema = z.strictObject({
  id: idField,
  ...Object.fromEntries(Object.entries(bankFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
}) as z.ZodType<{ id: string } & Partial<BankAccountCreateInput>>;
export type BankAccountUpdateInput = { id: string } & Partial<BankAccountCreateInput>;

export const bankSetDefaultSchema = z.strictObject({ id: idField });
