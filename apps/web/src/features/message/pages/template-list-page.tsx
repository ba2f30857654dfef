import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Radio, Tag } from 'antd';
import {
  MESSAGE_API,
  MESSAGE_CHANNEL_ITEMS,
  PERM,
  TEMPLATE_API,
  TEMPLATE_MESSAGES,
  type MailSettings,
} from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { RecordFormModal } from '../../../components/form-modal/record-form-modal';
import { ListPage, type ListEditorProps } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { getAction, postAction, putAction } from '../../../lib/request';

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
  testData: '测试数据',
} as const;

const URLS = {
  list: `${TEMPLATE_API.base}/list`,
  add: `${TEMPLATE_API.base}/add`,
  edit: `${TEMPLATE_API.base}/edit`,
  delete: `${TEMPLATE_API.base}/delete`,
  deleteBatch: `${TEMPLATE_API.base}/deleteBatch`,
} as const;

const channel = (v: string) => MESSAGE_CHANNEL_ITEMS.find((c) => c.value === v)?.text ?? v;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'templateCode', label: '模板编码', op: 'like', trim: true },
  { kind: 'input', field: 'templateName', label: '模板标题', op: 'like', trim: true },
  {
    kind: 'select',
    field: 'templateType',
    label: '模板类型',
    options: MESSAGE_CHANNEL_ITEMS.map((c) => ({ value: c.value, label: c.text })),
  },
];

const COLUMNS: ListColumn<TemplateRow>[] = [
  { title: '模板编码', dataIndex: 'templateCode', key: 'templateCode', sorter: true, width: 160 },
  { title: '模板标题', dataIndex: 'templateName', key: 'templateName', sorter: true, width: 220 },
  {
    title: '模板类型',
    dataIndex: 'templateType',
    key: 'templateType',
    width: 100,
    render: (v: string) => <Tag>{channel(v)}</Tag>,
  },
  { title: '模板内容', dataIndex: 'templateContent', key: 'templateContent', width: 320 },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170 },
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
      titles={{ add: '新建消息模板', edit: '编辑消息模板' }}
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
      <Form.Item
        label="模板编码"
        name="templateCode"
        rules={[{ required: true, message: TEMPLATE_MESSAGES.codeRequired }]}
      >
        <Input placeholder="例如 asset_due" />
      </Form.Item>
      <Form.Item
        label="模板标题"
        name="templateName"
        rules={[{ required: true, message: TEMPLATE_MESSAGES.nameRequired }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="模板类型"
        name="templateType"
        rules={[{ required: true, message: TEMPLATE_MESSAGES.typeRequired }]}
      >
        <Radio.Group options={MESSAGE_CHANNEL_ITEMS.map((c) => ({ value: c.value, label: c.text }))} />
      </Form.Item>
      <Form.Item
        label="模板内容"
        name="templateContent"
        extra="用 ${name} 引用参数；发送时缺少的参数会被拒绝"
        rules={[{ required: true, message: TEMPLATE_MESSAGES.contentRequired }]}
      >
        <Input.TextArea rows={6} />
      </Form.Item>
      <Form.Item label={TEMPLATE_PAGE_TEXT.testData} name="templateTestJson">
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
        void form.validateFields().then(async (v) => {
          setSending(true);
          try {
            const res = await postAction(TEMPLATE_API.sendMsg, {
              templateCode: record!.templateCode,
              receiver: v.receiver,
              testData: v.testData ?? '',
            });
            if (res.success) {
              void message.success(res.message);
              onClose();
            }
          } finally {
            setSending(false);
          }
        })
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

function MailSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MailSettings & { password?: string }>();
  const [passwordSet, setPasswordSet] = useState(false);
  useEffect(() => {
    if (!open) return;
    void getAction<MailSettings>(MESSAGE_API.mailSettings).then((res) => {
      if (!res.result) return;
      setPasswordSet(Boolean(res.result.passwordSet));
      form.setFieldsValue({ ...res.result, password: '' });
    });
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={TEMPLATE_PAGE_TEXT.mail}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(async (v) => {
          const res = await putAction(MESSAGE_API.mailSettings, {
            host: v.host,
            port: v.port,
            secure: v.secure,
            user: v.user,
            from: v.from,
            password: v.password || null,
          });
          if (res.success) {
            void message.success(res.message);
            onClose();
          }
        })
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item label="SMTP 服务器" name="host">
          <Input placeholder="smtp.example.com" />
        </Form.Item>
        <Form.Item label="端口" name="port" rules={[{ required: true, message: '请输入端口' }]}>
          <InputNumber min={1} max={65535} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="secure" valuePropName="checked">
          <Checkbox>使用 SSL/TLS 连接（通常为 465 端口）</Checkbox>
        </Form.Item>
        <Form.Item label="账号" name="user">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="密码" name="password" extra={passwordSet ? '已保存密码；留空则保持不变' : '密码加密保存'}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="发件人" name="from">
          <Input placeholder="platform@example.com" />
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
      <ListPage<TemplateRow>
        url={{ list: URLS.list, delete: URLS.delete, deleteBatch: URLS.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.templateAdd,
          edit: PERM.templateEdit,
          delete: PERM.templateDelete,
          batchDelete: PERM.templateDelete,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
        actionColumnWidth={200}
        toolbarExtra={
          allowed(PERM.mailSettings) && <Button onClick={() => setMailOpen(true)}>{TEMPLATE_PAGE_TEXT.mail}</Button>
        }
      />
      <TestSendModal record={testing} onClose={() => setTesting(null)} />
      <MailSettingsModal open={mailOpen} onClose={() => setMailOpen(false)} />
    </Card>
  );
}
