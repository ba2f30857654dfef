import type { FormRule } from 'antd';
import { CHECK_RULE_API, DUPLICATE_API } from '@district/shared';
import { errorMessage } from './errors';
import { getAction } from './request';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Duplicate check (app-spec §5): skipped when the value is empty; sends table, field, value and the
 * record's id (an edit passes it so the record itself does not count); an unsuccessful answer's
 * message becomes the field's error. `table`/`field` must be a pair registered on the server.
 */
export function duplicateValidator(tableName: string, fieldName: string, dataId?: string | null): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      let res;
      try {
        res = await getAction(DUPLICATE_API.check, {
          tableName,
          fieldName,
          fieldVal: String(value),
          ...(dataId ? { dataId } : {}),
        });
      } catch (error) {
        throw new Error(errorMessage(error, '校验失败'));
      }
      if (!res.success) throw new Error(res.message);
    },
  };
}

/**
 * Rule check (app-spec §5): skipped when the rule code or the value is missing; sends the rule code and
 * the URI-encoded value; an unsuccessful answer's message becomes the field's error.
 */
export function checkRuleValidator(ruleCode: string | null | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!ruleCode || isEmpty(value)) return;
      let res;
      try {
        res = await getAction(CHECK_RULE_API.checkByCode, { ruleCode, value: encodeURIComponent(String(value)) });
      } catch (error) {
        throw new Error(errorMessage(error, '校验失败'));
      }
      if (!res.success) throw new Error(res.message);
    },
  };
}
