import { DatePicker, Form, Input, InputNumber, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { Rule } from 'antd/es/form';
import { fieldKey, onlineFieldRules, type FieldRule, type OnlineField } from '@district/shared';
import { compileCheckPattern } from '@district/shared/schemas';
import { DictMultiSelect } from '@/components/dict/dict-multi-select';
import { DictSelect } from '@/components/dict/dict-select';
import { AreaLinkage } from '@/components/area/area-linkage';
import { CategorySelect } from '@/components/category-select/category-select';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { PopupPicker } from '@/components/popup/popup-picker';
import { ImageUpload } from '@/components/upload/image-upload';
import { Uploader } from '@/components/upload/uploader';
import { MarkdownEditor } from '@/components/editors/markdown-editor';
import { RichTextEditor } from '@/components/editors/rich-text-editor';
import { ParentSelect } from './parent-select';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';
/** Rich text and markdown inside a form modal: the editors' 300 px would crowd the other fields. */
const RICH_TEXT_HEIGHT = 240;

function control(f: OnlineField) {
  const placeholder = `请输入${f.label}`;
  switch (f.widget) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} />;
    case 'richText':
      // The server sanitises the HTML again before it is stored (lib/sanitize-html.ts).
      return <RichTextEditor height={RICH_TEXT_HEIGHT} bizPath="online" placeholder={placeholder} />;
    case 'markdown':
      return <MarkdownEditor height={RICH_TEXT_HEIGHT} bizPath="online" placeholder={placeholder} />;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'select':
      return <DictSelect dictCode={f.dictCode} placeholder={`请选择${f.label}`} />;
    case 'radio':
      return <DictSelect dictCode={f.dictCode} type="radio" />;
    case 'checkbox':
      return <DictMultiSelect dictCode={f.dictCode} type="checkbox" />;
    case 'multiSelect':
      return <DictMultiSelect dictCode={f.dictCode} placeholder={`请选择${f.label}`} />;
    case 'userPicker':
      return <UserSelect placeholder={`请选择${f.label}`} />;
    case 'departPicker':
      return <DepartSelect placeholder={`请选择${f.label}`} />;
    case 'category':
      // The category tree below the code in the field's dictionary slot (empty: the whole tree).
      return <CategorySelect pcode={f.dictCode ?? undefined} placeholder={`请选择${f.label}`} />;
    case 'area':
      return <AreaLinkage placeholder={`请选择${f.label}`} />;
    case 'image':
      return <ImageUpload bizPath="online" />;
    case 'file':
      return <Uploader bizPath="online" />;
    case 'popup':
      // A popup report (code in linkTable): its column of the field's name fills the field.
      return f.linkTable ? (
        <PopupPicker
          code={f.linkTable}
          orgFields={f.name}
          destFields={fieldKey(f.name)}
          placeholder={`请选择${f.label}`}
        />
      ) : (
        <Input placeholder={placeholder} />
      );
    case 'link':
      // A row of another online form (its table in linkTable).
      return f.linkTable ? <ParentSelect table={f.linkTable} /> : <Input placeholder={placeholder} />;
    default:
      if (f.dbType === 'int' || f.dbType === 'decimal') {
        return (
          <InputNumber
            style={{ width: '100%' }}
            placeholder={placeholder}
            precision={f.dbType === 'int' ? 0 : (f.scale ?? 2)}
          />
        );
      }
      return <Input placeholder={placeholder} />;
  }
}

/** Controls whose value is the text typed, which the length and shared rules check as the server does. */
const TEXT_WIDGETS: ReadonlySet<OnlineField['widget']> = new Set([undefined, 'input', 'textarea', 'password']);

/**
 * The rules of the field's validation (its descriptor's, with the server's messages). A picker, select or number
 * is checked for 必填 only: its value is not text the user typed (the server still checks it).
 */
function rulesOf(f: OnlineField): (FieldRule | Rule)[] {
  const rules = onlineFieldRules(f);
  if (!TEXT_WIDGETS.has(f.widget)) return rules.filter((r) => r.required);
  const pattern = designerPatternRule(f);
  return pattern ? [...rules, pattern] : rules;
}

/**
 * The designer's regular expression, checked under the field as the server checks it: on RE2 (linear in the
 * value, whatever the pattern), with the same match and message. A pattern RE2 cannot read is left to the server.
 */
export function designerPatternRule(f: OnlineField): Rule | null {
  if (!f.pattern) return null;
  let re: ReturnType<typeof compileCheckPattern>;
  try {
    re = compileCheckPattern(f.pattern);
  } catch {
    return null;
  }
  const message = f.patternMessage || `${f.label}格式不正确`;
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value === '' || re.matches(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** One field of a generated form, its control chosen by the definition's widget and type. */
export function OnlineFieldItem({ field: f, namePrefix }: { field: OnlineField; namePrefix?: string }) {
  const rules = rulesOf(f);
  // A one-to-one sub form's fields sit under the sub table's name in the main form's values.
  const name = namePrefix ? [namePrefix, fieldKey(f.name)] : fieldKey(f.name);
  if (f.widget === 'date' || f.dbType === 'date' || f.widget === 'datetime' || f.dbType === 'datetime') {
    const withTime = f.widget === 'datetime' || f.dbType === 'datetime';
    const format = withTime ? DATETIME : DATE;
    return (
      <Form.Item
        label={f.label}
        name={name}
        rules={rules}
        getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : undefined })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format(format) : null)}
      >
        <DatePicker showTime={withTime} format={format} style={{ width: '100%' }} placeholder={`请选择${f.label}`} />
      </Form.Item>
    );
  }
  if (f.widget === 'time') {
    return (
      <Form.Item
        label={f.label}
        name={name}
        rules={rules}
        getValueProps={(v: string | null) => ({ value: v ? dayjs(`2000-01-01 ${v}`) : undefined })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format('HH:mm:ss') : null)}
      >
        <TimePicker style={{ width: '100%' }} />
      </Form.Item>
    );
  }
  if (f.widget === 'switch' || f.dbType === 'boolean') {
    return (
      <Form.Item
        label={f.label}
        name={name}
        getValueProps={(v: unknown) => ({ checked: v === 1 || v === '1' || v === true })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={f.label} name={name} rules={rules}>
      {control(f)}
    </Form.Item>
  );
}
