import { z } from 'zod';
import { DICT_COLOR_PATTERN, DICT_LIMITS, DICT_MESSAGES } from '../code-rule.js';
import { DICT_ITEM_RESOURCE, DICT_RESOURCE } from '../resources/dict.js';
import type { FieldRule } from '../validation.js';
import { zodString } from '../zod-string.js';

const D = DICT_RESOURCE.fields;
const I = DICT_ITEM_RESOURCE.fields;
const optionalText = (rules: readonly FieldRule[]) => zodString(rules).optional().nullable();

export const dictCreateSchema = z.strictObject({
  dictName: zodString(D.dictName.rules),
  dictCode: zodString(D.dictCode.rules),
  description: optionalText(D.description.rules),
});
export type DictCreateInput = z.infer<typeof dictCreateSchema>;

export const dictUpdateSchema = dictCreateSchema.partial().extend({ id: z.string().min(1).max(32) });
export type DictUpdateInput = z.infer<typeof dictUpdateSchema>;

const itemFields = {
  itemText: zodString(I.itemText.rules),
  itemValue: zodString(I.itemValue.rules),
  itemColor: z
    .string()
    .refine((v) => v === '' || DICT_COLOR_PATTERN.test(v), DICT_MESSAGES.itemColorPattern)
    .optional()
    .nullable(),
  description: optionalText(I.description.rules),
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
