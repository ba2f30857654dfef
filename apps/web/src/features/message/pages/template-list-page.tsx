import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Radio, Tag } from 'antd';
import {
  MESSAGE_CHANNEL_ITEMS,
  MESSAGE_TEMPLATE_RESOURCE as R,
  PERM,
  resourceUrls,
  TEMPLATE_API,
  TEMPLATE_MESSAGES,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField } from '@/components/form-modal/field-rules';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import { postAction } from '@/lib/request';
import { MailSettingsModal } from '../components/mail-settings-modal';

export interface TemplateRow {
  id: string;
  templateCode: string;
  templateName: string;
  templateType: string;
  templateContent: string;
  templateTestJson: string | null;
  createTime: string | null;
}

export const TEMPLATE_PAGE_TEXT = {
  test: '发送测试',
  mail: '邮件服务器设置',
  receiver: '消息接收方',
  receiverTip: '系统消息填写用户账号，邮件填写邮箱，短信填写手机号',
  testData: R.fields.templateTestJson.title,
  add: `新建${R.title}`,
  edit: `编辑${R.title}`,
} as const;

const URLS = resourceUrls(R.path);

const channel = (v: string) => MESSAGE_CHANNEL_ITEMS.find((c) => c.value === v)?.text ?? v;
const CHANNEL_OPTIONS = MESSAGE_CHANNEL_ITEMS.map((c) => ({ value: c.value, label: c.text }));

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'templateCode',
  'templateName',
  { kind: 'select', field: 'templateType', label: R.fields.templateType.title, options: CHANNEL_OPTIONS },
];

const COLUMNS: ColumnPick<TemplateRow, typeof R>[] = [
  'templateCode',
  'templateName',
  { ...columnOf<TemplateRow>(R, 'templateType'), render: (v: string) => <Tag>{channel(v)}</Tag> },
  'templateContent',
  'createTime',
];

interface Values {
  templateCode: string;
  templateName: string;
  templateType: string;
  templateContent: string;
  templateTestJson?: string;
}

function TemplateFormModal({ open, record, onClose, onSaved }: ListEditorProps<TemplateRow>) {
  return (
    <RecordFormModal<TemplateRow, Values>
      open={open}
      record={record}
      width={760}
      titles={TEMPLATE_PAGE_TEXT}
      formName="template-form"
      initialValues={(r) =>
        r
          ? {
              templateCode: r.templateCode,
              templateName: r.templateName,
              templateType: r.templateType,
              templateContent: r.templateContent,
              templateTestJson: r.templateTestJson ?? undefined,
            }
          : { templateType: '1' }
      }
      urls={URLS}
      toPayload={(v, r) => ({ ...(r ? { id: r.id } : {}), ...v, templateTestJson: v.templateTestJson ?? null })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'templateCode')}>
        <Input placeholder="例如 asset_due" />
      </Form.Item>
      <Form.Item {...formField(R, 'templateName')}>
        <Input />
      </Form.Item>
      <Form.Item {...formField(R, 'templateType')}>
        <Radio.Group options={CHANNEL_OPTIONS} />
      </Form.Item>
      <Form.Item
        label={R.fields.templateContent.title}
        name="templateContent"
        extra="用 ${name} 引用参数；发送时缺少的参数会被拒绝"
        // Not trimmed on the server: a content of spaces is saved as typed.
        rules={[{ required: true, message: TEMPLATE_MESSAGES.contentRequired }]}
      >
        <Input.TextArea rows={6} />
      </Form.Item>
      <Form.Item {...formField(R, 'templateTestJson')}>
        <Input.TextArea rows={3} placeholder='{"name":"张三"}' />
      </Form.Item>
    </RecordFormModal>
  );
}

function TestSendModal({ record, onClose }: { record: TemplateRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ receiver: string; testData?: string }>();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (record) form.setFieldsValue({ receiver: '', testData: record.templateTestJson ?? '' });
  }, [record, form]);
  return (
    <Modal
      open={Boolean(record)}
      title={TEMPLATE_PAGE_TEXT.test}
      onCancel={onClose}
      confirmLoading={sending}
      onOk={() =>
        void form.validateFields().then(
          async (v) => {
            setSending(true);
            try {
              const res = await postAction(TEMPLATE_API.sendMsg, {
                templateCode: record!.templateCode,
                receiver: v.receiver,
                testData: v.testData ?? '',
              });
              // Not delivered (refused, or kept for a retry) is answered success false: a warning, not a success.
              if (res.success) {
                void message.success(res.message);
                onClose();
              } else void message.warning(res.message);
            } catch {
              // A refusal (400) was shown by the request layer; handled here so it is no uncaught error.
            } finally {
              setSending(false);
            }
          },
          () => undefined /* the form shows what is missing */,
        )
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item label="模板">{record ? `${record.templateName}（${channel(record.templateType)}）` : ''}</Form.Item>
        <Form.Item label={TEMPLATE_PAGE_TEXT.testData} name="testData">
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item
          label={TEMPLATE_PAGE_TEXT.receiver}
          name="receiver"
          extra={TEMPLATE_PAGE_TEXT.receiverTip}
          rules={[{ required: true, message: TEMPLATE_MESSAGES.receiverRequired }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 消息模板: templates of the three channels, 发送测试, and the SMTP server of e-mails. */
export function TemplateListPage() {
  const allowed = useHasPermission();
  const [testing, setTesting] = useState<TemplateRow | null>(null);
  const [mailOpen, setMailOpen] = useState(false);
  const rowActions = useCallback(
    (record: TemplateRow) =>
      allowed(PERM.templateTest) && <a onClick={() => setTesting(record)}>{TEMPLATE_PAGE_TEXT.test}</a>,
    [allowed],
  );
  const renderEditor = useCallback((props: ListEditorProps<TemplateRow>) => <TemplateFormModal {...props} />, []);
  return (
    <Card size="small">
      <ListPage<TemplateRow, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        renderEditor={renderEditor}
        rowActions={rowActions}
        actionColumnWidth={200}
        toolbarExtra={
          allowed(PERM.mailSettings) && <Button onClick={() => setMailOpen(true)}>{TEMPLATE_PAGE_TEXT.mail}</Button>
        }
      />
      <TestSendModal record={testing} onClose={() => setTesting(null)} />
      <MailSettingsModal open={mailOpen} title={TEMPLATE_PAGE_TEXT.mail} onClose={() => setMailOpen(false)} />
    </Card>
  );
}
