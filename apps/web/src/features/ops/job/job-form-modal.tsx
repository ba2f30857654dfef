import { Form, Input, Radio, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  JOB_MESSAGES,
  JOB_RESOURCE as R,
  JOB_STATUS,
  JOB_STATUS_LABELS,
  resourceUrls,
  validateCron,
  type QuartzJob,
} from '@district/shared';
import { CronEditor } from '@/components/cron/cron-editor';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField, inputPlaceholder, selectPlaceholder, toAntdRules } from '@/components/form-modal/field-rules';
import { jobHandlersQuery } from '../api/ops-api';

export const JOB_FORM_TEXT = { add: `新增${R.title}`, edit: `编辑${R.title}` } as const;

const URLS = resourceUrls(R.path);

interface Values {
  jobName?: string;
  handler?: string;
  parameter?: string;
  cronExpression?: string;
  status?: string;
  description?: string;
}

const isJsonObject = (text: string) => {
  if (!text.trim()) return true;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
};

/** Which field a server refusal is about, so it shows under that field too. */
function fieldOf(text: string): keyof Values | undefined {
  if (text.startsWith(JOB_MESSAGES.parameterInvalid) || text === JOB_MESSAGES.parameterNotJson) return 'parameter';
  if (text === JOB_MESSAGES.nameTaken) return 'jobName';
  if (text === JOB_MESSAGES.unknownHandler) return 'handler';
  if (text === JOB_MESSAGES.cronNeverFires || text.includes('Cron') || text.includes('字段')) return 'cronExpression';
  return undefined;
}

/** 新增/编辑定时任务: name, a registered handler with its parameter, the cron (editor), status and description. */
export function JobFormModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: QuartzJob | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const handlers = useQuery({ ...jobHandlersQuery, enabled: open });
  const handlerKey = Form.useWatch('handler', form);
  const chosen = handlers.data?.find((h) => h.key === handlerKey);

  return (
    <RecordFormModal<QuartzJob, Values>
      open={open}
      record={record}
      form={form}
      titles={JOB_FORM_TEXT}
      formName="job-form"
      width={820}
      layout="vertical"
      initialValues={(r) =>
        r
          ? {
              jobName: r.jobName,
              handler: r.handler,
              parameter: r.parameter ?? '',
              cronExpression: r.cronExpression,
              description: r.description ?? '',
            }
          : { cronExpression: '0 0 0 * * ? *', status: JOB_STATUS.running, parameter: '' }
      }
      urls={URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : { status: (v.status ?? JOB_STATUS.running) as '0' | '-1' }),
        jobName: (v.jobName ?? '').trim(),
        handler: v.handler ?? '',
        parameter: v.parameter?.trim() || null,
        cronExpression: (v.cronExpression ?? '').trim(),
        description: v.description?.trim() || null,
      })}
      fieldOfError={fieldOf}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'jobName')}>
        <Input placeholder={inputPlaceholder(R, 'jobName')} />
      </Form.Item>
      <Form.Item {...formField(R, 'handler')} extra={chosen?.description}>
        <Select
          placeholder={selectPlaceholder(R, 'handler')}
          loading={handlers.isPending}
          options={(handlers.data ?? []).map((h) => ({ value: h.key, label: h.title }))}
          onChange={(key: string) => {
            const example = handlers.data?.find((h) => h.key === key)?.parameterExample ?? '';
            if (!form.getFieldValue('parameter')) form.setFieldValue('parameter', example);
          }}
        />
      </Form.Item>
      <Form.Item
        {...formField(R, 'parameter')}
        extra={chosen?.parameterExample ? `示例：${chosen.parameterExample}` : '该处理器不需要参数'}
        rules={[
          ...toAntdRules(R.fields.parameter.rules),
          {
            validator: (_, value: string | undefined) =>
              isJsonObject(value ?? '') ? Promise.resolve() : Promise.reject(new Error(JOB_MESSAGES.parameterNotJson)),
          },
        ]}
      >
        <Input.TextArea rows={2} placeholder='JSON 对象，例如 {"name": "张三"}' style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item
        {...formField(R, 'cronExpression')}
        rules={[
          ...toAntdRules(R.fields.cronExpression.rules),
          {
            validator: (_, value: string | undefined) => {
              const problem = value ? validateCron(value) : null;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <CronEditor />
      </Form.Item>
      {!record && (
        <Form.Item label={R.fields.status.title} name="status">
          <Radio.Group
            options={[JOB_STATUS.running, JOB_STATUS.paused].map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
          />
        </Form.Item>
      )}
      <Form.Item {...formField(R, 'description')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Typography.Text type="secondary">
        任务只能运行系统内置的处理器；秒级表达式（秒 分 时 日 月 周 [年]），周以星期日为 1。
      </Typography.Text>
    </RecordFormModal>
  );
}
