import type { Rule } from 'antd/es/form';
import type { FieldKey, FieldRule, ResourceDescriptor } from '@district/shared';

/**
 * A form field from a resource's shared declaration: its name, label and rules, the same rule objects the server's
 * zod schema checks (issue 23), so a limit or a message is written once. A required text is also refused when it
 * holds only spaces, as the server refuses it.
 */
export function toAntdRules(rules: readonly FieldRule[] | undefined, text = true): Rule[] {
  return (rules ?? []).map((r) => (r.required && text ? { ...r, whitespace: true } : { ...r }));
}

export function formField<D extends ResourceDescriptor>(d: D, key: FieldKey<D>) {
  const field = d.fields[key]!;
  // Only a text can hold "only spaces": a date or number keeps the plain required rule (antd's whitespace check
  // refuses a date object).
  return { name: key, label: field.title, rules: toAntdRules(field.rules, field.type === 'string') };
}

/** `请输入职务名称`: the placeholder of a text input of a declared field. */
export const inputPlaceholder = <D extends ResourceDescriptor>(d: D, key: FieldKey<D>) =>
  `请输入${d.fields[key]!.title}`;
/** `请选择职级`: the placeholder of a select of a declared field. */
export const selectPlaceholder = <D extends ResourceDescriptor>(d: D, key: FieldKey<D>) =>
  `请选择${d.fields[key]!.title}`;
