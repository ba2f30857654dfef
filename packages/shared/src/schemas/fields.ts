import { z } from 'zod';
import { DATE_PATTERN, yuanToFen } from '../asset.js';
import type { FieldRule } from '../validation.js';
import { zodString } from '../zod-string.js';

/* Field schemas several business resources share (assets, tickets, projects, the company profile). */

export const idField = z.string().min(1).max(32);

export const optionalText = (max: number, title: string) =>
  zodString([{ max, message: `${title}最多${max}个字符` }])
    .optional()
    .nullable();

/** An optional text checked by a declared field's rules (`resources/*`); '' and null mean none. */
export const optionalRules = (rules: readonly FieldRule[] | undefined) =>
  zodString(rules ?? [])
    .optional()
    .nullable();

export const requiredText = (max: number, required: string, title: string) =>
  zodString([
    { required: true, message: required },
    { max, message: `${title}最多${max}个字符` },
  ]);

/** Money in yuan: a number or numeric string, at most 2 decimals (stored as integer fen); '' means none. */
export const moneyField = (message: string, opts: { positive?: boolean; max?: number } = {}) =>
  z
    .union([z.number(), z.string()])
    .refine((v) => {
      if (v === '') return !opts.positive;
      const fen = yuanToFen(v, opts.max);
      return fen !== null && (!opts.positive || fen > 0);
    }, message)
    .transform((v) => (v === '' ? null : Number(v)));

export const coordinateField = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string()])
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? null : Number(v)))
    .optional()
    .nullable();

/** A calendar date YYYY-MM-DD; '' means none. */
export const dateField = (title: string) =>
  z
    .string()
    .refine((v) => v === '' || DATE_PATTERN.test(v), `${title}格式须为 YYYY-MM-DD`)
    .transform((v) => v || null)
    .optional()
    .nullable();

export const requiredDate = (required: string, title: string) =>
  z.string({ error: required }).min(1, required).regex(DATE_PATTERN, `${title}格式须为 YYYY-MM-DD`);

/** Comma-separated stored paths (or an array of them): the server checks each is an uploaded file. */
export const pathsField = (max: number) =>
  z
    .union([z.array(z.string().max(255)).max(max), z.string().max(255 * max)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter(Boolean))
    .refine((v) => v.length <= max, `最多${max}个文件`)
    .optional()
    .nullable();
