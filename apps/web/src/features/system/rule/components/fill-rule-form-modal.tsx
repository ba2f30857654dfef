import { Form, Input, InputNumber, Select, Typography } from 'antd';
import {
  FILL_DATE_PATTERNS,
  FILL_PREFIX_PATTERN,
  FILL_RESET_BY,
  FILL_RULE_KINDS,
  FILL_RULE_LIMITS,
  FILL_RULE_MESSAGES,
  FILL_RULE_RESOURCE as R,
  type FillDatePattern,
  type FillResetBy,
  type FillRuleKind,
} from '@district/shared';
import type { ListEditorProps } from '@/components/list-page/list-page';
import { duplicateValidator } from '@/lib/validators';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveFillRule, type FillRuleRecord } from '../api/rule-api';

export const FILL_RULE_FORM_TEXT = { addTitle: '新增编码规则', editTitle: '编辑编码规则', example: '示例：' } as const;

interface FormValues {
  ruleName: string;
  ruleCode: string;
  ruleKind: FillRuleKind;
  prefix?: string;
  datePattern: FillDatePattern;
  seqLength: number;
  resetBy: FillResetBy;
}

const DATE_LABELS: Record<FillDatePattern, string> = {
  YYYYMMDD: '年月日（YYYYMMDD）',
  YYYYMM: '年月（YYYYMM）',
  YYYY: '年（YYYY）',
  '': '不含日期',
};
const NEEDS: Record<FillResetBy, number> = { day: 8, month: 6, year: 4, never: 0 };

/** What a sequence rule produces first today, e.g. ZC20261122001. */
export function sequenceExample(v: Partial<FormValues>, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date =
    v.datePattern === 'YYYYMMDD'
      ? `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
      : v.datePattern === 'YYYYMM'
        ? `${now.getFullYear()}${pad(now.getMonth() + 1)}`
        : v.datePattern === 'YYYY'
          ? String(now.getFullYear())
          : '';
  return `${v.prefix ?? ''}${date}${'1'.padStart(Math.max(1, v.seqLength ?? 1), '0')}`;
}

function paramsOf(record: FillRuleRecord | null): Partial<FormValues> {
  if (!record?.ruleParams) return {};
  try {
    return JSON.parse(record.ruleParams) as Partial<FormValues>;
  } catch {
    return {};
  }
}

/** 新增/编辑 a fill rule: a sequence (prefix + date + counter) or organisation codes. */
export function FillRuleFormModal({ open, record, onClose, onSaved }: ListEditorProps<FillRuleRecord>) {
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('ruleKind', form);
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;

  return (
    <RecordFormModal<FillRuleRecord, FormValues>
      open={open}
      record={record}
      titles={{ add: FILL_RULE_FORM_TEXT.addTitle, edit: FILL_RULE_FORM_TEXT.editTitle }}
      form={form}
      formName="fillRuleForm"
      width={640}
      destroyOnHidden
      initialValues={(r) => ({
        ruleKind: 'sequence',
        datePattern: 'YYYYMMDD',
        seqLength: 3,
        resetBy: 'day',
        ...(r ? { ruleName: r.ruleName, ruleCode: r.ruleCode, ruleKind: r.ruleKind as FillRuleKind } : {}),
        ...paramsOf(r),
      })}
      save={(v, r) =>
        saveFillRule({
          ...(r ? { id: r.id } : {}),
          ruleName: v.ruleName.trim(),
          ruleCode: v.ruleCode.trim(),
          ruleKind: v.ruleKind,
          ruleParams:
            v.ruleKind === 'sequence'
              ? JSON.stringify({
                  prefix: v.prefix ?? '',
                  datePattern: v.datePattern,
                  seqLength: v.seqLength,
                  resetBy: v.resetBy,
                })
              : null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'ruleName')}>
        <Input placeholder={inputPlaceholder(R, 'ruleName')} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'ruleCode')}
        validateDebounce={300}
        rules={[...formField(R, 'ruleCode').rules, duplicateValidator('sys_fill_rule', 'rule_code', record?.id)]}
      >
        <Input placeholder={inputPlaceholder(R, 'ruleCode')} />
      </Form.Item>
      <Form.Item {...formField(R, 'ruleKind')}>
        <Select options={Object.entries(FILL_RULE_KINDS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {kind === 'sequence' ? (
        <>
          <Form.Item
            label="前缀"
            name="prefix"
            rules={[
              { pattern: FILL_PREFIX_PATTERN, message: FILL_RULE_MESSAGES.prefixPattern },
              { max: FILL_RULE_LIMITS.prefix, message: FILL_RULE_MESSAGES.prefixPattern },
            ]}
          >
            <Input placeholder="如 ZC" />
          </Form.Item>
          <Form.Item label="日期格式" name="datePattern">
            <Select options={FILL_DATE_PATTERNS.map((p) => ({ value: p, label: DATE_LABELS[p] }))} />
          </Form.Item>
          <Form.Item
            label="流水号位数"
            name="seqLength"
            rules={[{ required: true, message: FILL_RULE_MESSAGES.seqLength }]}
          >
            <InputNumber
              min={FILL_RULE_LIMITS.seqLengthMin}
              max={FILL_RULE_LIMITS.seqLengthMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="重置周期"
            name="resetBy"
            dependencies={['datePattern']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: FillResetBy) => {
                  const pattern = (getFieldValue('datePattern') as string | undefined) ?? '';
                  if (pattern.length < NEEDS[value]) throw new Error(FILL_RULE_MESSAGES.resetNeedsDate);
                },
              }),
            ]}
          >
            <Select options={Object.entries(FILL_RESET_BY).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Typography.Text type="secondary">
              {FILL_RULE_FORM_TEXT.example}
              {sequenceExample(watched ?? {})}
            </Typography.Text>
          </Form.Item>
        </>
      ) : (
        <Form.Item label=" " colon={false}>
          <Typography.Text type="secondary">按上级部门的机构编码逐级生成，每级三位（如 A01、A01A01）</Typography.Text>
        </Form.Item>
      )}
    </RecordFormModal>
  );
}
