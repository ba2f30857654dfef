import { PATTERNS } from '@district/shared';
import type { EditableColumn, TableRow, ValidateRule } from './editable-table-types';

/** Named patterns of widgets-spec §5. */
export const NAMED_PATTERNS: Record<string, RegExp> = {
  'n6-16': /^\d{6,16}$/,
  '*6-16': /^[\s\S]{6,16}$/,
  's6-18': /^[a-zA-Z]{6,18}$/,
  url: /^(https?|ftp):\/\/[\w-]+(\.[\w-]+)+(:\d{1,5})?([/?#][^\s]*)?$/,
  e: PATTERNS.email,
  m: /^1[3-9]\d{9}$/,
  p: /^[1-9]\d{5}$/,
  s: /^[a-zA-Z]+$/,
  n: /^-?\d+(\.\d+)?$/,
  z: /^-?\d+$/,
  '*': /\S/,
  money: /^-?\d+(\.\d{1,2})?$/,
};

/** Empty for validation: null, undefined, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Substitutes ${title}, ${key} and ${defaultValue} in a placeholder or message. */
export function fillTemplate(text: string, column: Pick<EditableColumn, 'title' | 'key' | 'defaultValue'>): string {
  return text
    .replace(/\$\{title\}/g, column.title)
    .replace(/\$\{key\}/g, column.key)
    .replace(/\$\{defaultValue\}/g, column.defaultValue === undefined ? '' : String(column.defaultValue));
}

function resolvePattern(pattern: string | RegExp): RegExp | null {
  if (pattern instanceof RegExp) return pattern;
  if (NAMED_PATTERNS[pattern]) return NAMED_PATTERNS[pattern];
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

const isUniqueRule = (rule: ValidateRule) => rule.unique === true || rule.pattern === 'only';

function comparable(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Answers whether another row has the same value in this column. */
export type DuplicateCheck = (key: string, value: unknown) => boolean;

function defaultMessage(rule: ValidateRule): string {
  if (rule.required) return '${title}不能为空';
  if (isUniqueRule(rule)) return '${title}不能重复';
  return '${title}格式不正确';
}

/**
 * Checks one cell. Synchronous rules give an answer at once; a custom handler makes it a promise.
 * Returns the first failing rule's message, or null.
 */
export function validateCell(
  column: EditableColumn,
  value: unknown,
  row: TableRow,
  isDuplicate: DuplicateCheck,
): string | null | Promise<string | null> {
  const rules = column.validateRules ?? [];
  for (let i = 0; i < rules.length; i += 1) {
    const rule = rules[i]!;
    const message = fillTemplate(rule.message ?? defaultMessage(rule), column);
    if (rule.required) {
      if (isEmptyValue(value)) return message;
      continue;
    }
    if (isUniqueRule(rule)) {
      if (!isEmptyValue(value) && isDuplicate(column.key, value)) return message;
      continue;
    }
    if (rule.pattern !== undefined) {
      if (isEmptyValue(value)) {
        // '*' means "must not be empty"; every other pattern skips empty values.
        if (rule.pattern === '*') return message;
        continue;
      }
      const regex = resolvePattern(rule.pattern);
      if (regex && !regex.test(comparable(value))) return message;
      continue;
    }
    if (rule.handler) {
      const handler = rule.handler;
      return new Promise<string | null>((resolve) => {
        try {
          handler({ value, row, column }, (valid, custom) => resolve(valid ? null : (custom ?? message)));
        } catch (error) {
          resolve(error instanceof Error ? error.message : message);
        }
      }).then((result) => {
        if (result !== null) return result;
        // The remaining rules still apply after a passing handler.
        const rest = { ...column, validateRules: rules.slice(i + 1) };
        return validateCell(rest, value, row, isDuplicate);
      });
    }
  }
  return null;
}

export { comparable as comparableValue };
