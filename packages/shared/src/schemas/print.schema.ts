import { z } from 'zod';
import { PAPER_NAMES, PRINT_LIMITS, PRINT_MESSAGES, type Orientation, type PaperName } from '../print.js';
import { PRINT_TEMPLATE_RESOURCE } from '../resources/print-template.js';
import { zodString } from '../zod-string.js';
import { optionalRules } from './fields.js';

const F = PRINT_TEMPLATE_RESOURCE.fields;

/*
 * The template's own fields. The layout is checked against the source's registered fields, the page and
 * the element types on the server (printable sources live there), after these shape checks.
 */

const side = z
  .union([z.number(), z.string()], { error: PRINT_MESSAGES.customSize })
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= PRINT_LIMITS.minMm && v <= PRINT_LIMITS.maxMm, PRINT_MESSAGES.customSize);

const templateFields = {
  name: zodString(F.name.rules),
  paper: z
    .string({ error: PRINT_MESSAGES.paperInvalid })
    .refine((v): v is PaperName => (PAPER_NAMES as readonly string[]).includes(v), PRINT_MESSAGES.paperInvalid),
  orientation: z
    .string({ error: PRINT_MESSAGES.orientationInvalid })
    .refine((v): v is Orientation => v === 'portrait' || v === 'landscape', PRINT_MESSAGES.orientationInvalid),
  widthMm: side.optional().nullable(),
  heightMm: side.optional().nullable(),
  layout: z
    .string({ error: PRINT_MESSAGES.layoutInvalid })
    .min(2, PRINT_MESSAGES.layoutInvalid)
    .max(PRINT_LIMITS.maxLayoutChars, PRINT_MESSAGES.layoutTooLarge),
  remark: optionalRules(F.remark.rules),
};

const code = zodString(F.code.rules);

export const printTemplateCreateSchema = z.strictObject({
  ...templateFields,
  code,
  source: z.string({ error: PRINT_MESSAGES.sourceRequired }).min(1, PRINT_MESSAGES.sourceRequired).max(32),
});
export type PrintTemplateCreateInput = z.infer<typeof printTemplateCreateSchema>;

/** An edit may send any subset; the source stays as saved (a layout is bound to it). */
export const printTemplateUpdateSchema = z.strictObject({
  id: z.string().min(1).max(32),
  ...z.strictObject(templateFields).partial().shape,
  code: code.optional(),
  source: z.string().max(32).optional(),
});
export type PrintTemplateUpdateInput = z.infer<typeof printTemplateUpdateSchema>;

export const printDataSchema = z.strictObject({
  templateId: z.string({ error: PRINT_MESSAGES.templateNotFound }).min(1, PRINT_MESSAGES.templateNotFound).max(32),
  ids: z
    .array(z.string().min(1).max(32), { error: PRINT_MESSAGES.idsRequired })
    .min(1, PRINT_MESSAGES.idsRequired)
    .max(PRINT_LIMITS.maxRecords, PRINT_MESSAGES.tooManyRecords),
});
export type PrintDataInput = z.infer<typeof printDataSchema>;
