import type { FieldRule } from '../validation.js';

/*
 * The rules of the business forms' texts, in the words their schemas have always answered: `请输入资产名称`,
 * `资产名称最多100个字符`. The descriptors hold them; the zod schemas and the web forms read them from there.
 */

export const requiredRule = (message: string): FieldRule => ({ required: true, message });

/** `${label}最多${max}个字符`; the label is what the message names (持票人姓名 for the field 持票人). */
export const maxRule = (label: string, max: number): FieldRule => ({ max, message: `${label}最多${max}个字符` });
