import { z } from 'zod';
import { DICT_CODE_PATTERN, DICT_COLOR_PATTERN, DICT_LIMITS, DICT_MESSAGES } from '../code-rule.js';
import { lengthRules } from '../validation.js';
import { zodString } from '../zod-string.js';

const optionalText = (max: number) => zodString(lengthRules({ max })).optional().nullable();

export const dictCreateSchema = z.strictObject({
  dictName: zodString([
    { required: true, message: DICT_MESSAGES.nameRequired },
    { max: DICT_LIMITS.name, message: `最大长度${DICT_LIMITS.name}位字符` },
  ]),
  dictCode: zodString([
    { required: true, message: DICT_MESSAGES.codeRequired },
    { pattern: DICT_CODE_PATTERN, message: DICT_MESSAGES.codePattern },
    { max: DICT_LIMITS.code, message: `最大长度${DICT_LIMITS.code}位字符` },
  ]),
  description: optionalText(DICT_LIMITS.description),
});
export type DictCreateInput = z.infer<typeof dictCreateSchema>;

export const dictUpdateSchema = dictCreateSchema.partial().extend({ id: z.string().min(1).max(32) });
export type DictUpdateInput = z.infer<typeof dictUpdateSchema>;

const itemFields = {
  itemText: zodString([
    { required: true, message: DICT_MESSAGES.itemTextRequired },
    { max: DICT_LIMITS.itemText, message: `最大长度${DICT_LIMITS.itemText}位字符` },
  ]),
  itemValue: zodString([
    { required: true, message: DICT_MESSAGES.itemValueRequired },
    { max: DICT_LIMITS.itemValue, message: `最大长度${DICT_LIMITS.itemValue}位字符` },
  ]),
  itemColor: z
    .string()
    .refine((v) => v === '' || DICT_COLOR_PATTERN.test(v), DICT_MESSAGES.itemColorPattern)
    .optional()
    .nullable(),
  description: optionalText(DICT_LIMITS.description),
  sortOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0, '排序须为非负整数')
    .max(DICT_LIMITS.sortOrder, `排序不能大于${DICT_LIMITS.sortOrder}`)
    .optional(),
  status: z.coerce
    .number()
    .refine((v) => v === 0 || v === 1, '状态只能为启用或禁用')
    .optional(),
};

export const dictItemCreateSchema = z.strictObject({
  dictId: z.string({ error: DICT_MESSAGES.dictIdRequired }).min(1, DICT_MESSAGES.dictIdRequired).max(32),
  ...itemFields,
});
export type DictItemCreateInput = z.infer<typeof dictItemCreateSchema>;

export const dictItemUpdateSchema = z
  .strictObject(itemFields)
  .partial()
  .extend({ id: z.string().min(1).max(32) });
export type DictItemUpdateInput = z.infer<typeof dictItemUpdateSchema>;
