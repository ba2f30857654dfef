import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_STATUS,
  JOB_STATUS_LABELS,
  validateCron,
  type QuartzJob,
} from '@district/shared';
import { CronEditor } from '../../../components/cron/cron-editor';
import { errorMessage } from '../../../lib/errors';
import { jobHandlersQuery, saveJob } from '../api/ops-api';

export const JOB_FORM_TEXT = { add: '新增定时任务', edit: '编辑定时任务', saved: '保存成功！' } as const;

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
function fieldOf(text: string): keyof Values | null {
  if (text.startsWith(JOB_MESSAGES.parameterInvalid) || text === JOB_MESSAGES.parameterNotJson) return 'parameter';
  if (text === JOB_MESSAGES.nameTaken) return 'jobName';
  if (text === JOB_MESSAGES.unknownHandler) return 'handler';
  if (text === JOB_MESSAGES.cronNeverFires || text.includes('Cron') || text.includes('字段')) return 'cronExpression';
  return null;
}

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const handlers = useQuery({ ...jobHandlersQuery, enabled: open });
  const handlerKey = Form.useWatch('handler', form);
  const chosen = handlers.data?.find((h) => h.key === handlerKey);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            jobName: record.jobName,
            handler: record.handler,
            parameter: record.parameter ?? '',
            cronExpression: record.cronExpression,
            description: record.description ?? '',
          }
        : { cronExpression: '0 0 0 * * ? *', status: JOB_STATUS.running, parameter: '' },
    );
  }, [open, record, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await saveJob({
        ...(record ? { id: record.id } : { status: (v.status ?? JOB_STATUS.running) as '0' | '-1' }),
        jobName: (v.jobName ?? '').trim(),
        handler: v.handler ?? '',
        parameter: v.parameter?.trim() || null,
        cronExpression: (v.cronExpression ?? '').trim(),
        description: v.description?.trim() || null,
      });
      void message.success(res.message || JOB_FORM_TEXT.saved);
      onSaved();
    } catch (error) {
      const text = errorMessage(error, '');
      const field = fieldOf(text);
      if (field) form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? JOB_FORM_TEXT.edit : JOB_FORM_TEXT.add}
      width={820}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" name="job-form">
        <Form.Item
          label="任务名称"
          name="jobName"
          rules={[
            { required: true, whitespace: true, message: JOB_MESSAGES.nameRequired },
            { max: JOB_LIMITS.name, message: JOB_MESSAGES.nameTooLong },
          ]}
        >
          <Input placeholder="请输入任务名称" />
        </Form.Item>
        <Form.Item
          label="任务处理器"
          name="handler"
          rules={[{ required: true, message: JOB_MESSAGES.handlerRequired }]}
          extra={chosen?.description}
        >
          <Select
            placeholder="请选择任务处理器"
            loading={handlers.isPending}
            options={(handlers.data ?? []).map((h) => ({ value: h.key, label: h.title }))}
            onChange={(key: string) => {
              const example = handlers.data?.find((h) => h.key === key)?.parameterExample ?? '';
              if (!form.getFieldValue('parameter')) form.setFieldValue('parameter', example);
            }}
          />
        </Form.Item>
        <Form.Item
          label="参数"
          name="parameter"
          extra={chosen?.parameterExample ? `示例：${chosen.parameterExample}` : '该处理器不需要参数'}
          rules={[
            { max: JOB_LIMITS.parameter, message: JOB_MESSAGES.parameterTooLong },
            {
              validator: (_, value: string | undefined) =>
                isJsonObject(value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(JOB_MESSAGES.parameterNotJson)),
            },
          ]}
        >
          <Input.TextArea rows={2} placeholder='JSON 对象，例如 {"name": "张三"}' style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item
          label="Cron 表达式"
          name="cronExpression"
          rules={[
            { required: true, message: JOB_MESSAGES.cronRequired },
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
          <Form.Item label="状态" name="status">
            <Radio.Group
              options={[JOB_STATUS.running, JOB_STATUS.paused].map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label="描述"
          name="description"
          rules={[{ max: JOB_LIMITS.description, message: JOB_MESSAGES.descriptionTooLong }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Typography.Text type="secondary">
          任务只能运行系统内置的处理器；秒级表达式（秒 分 时 日 月 周 [年]），周以星期日为 1。
        </Typography.Text>
      </Form>
    </Modal>
  );
}
