import { useEffect } from 'react';
import { Alert, App, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MAIL_SECURITY_ITEMS, MESSAGE_API, TEMPLATE_MESSAGES, type MailSettings } from '@district/shared';
import { getAction, putAction } from '@/lib/request';

type Values = Omit<MailSettings, 'secure' | 'passwordSet'> & { password?: string };

const CA_PLACEHOLDER = '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----';

/**
 * 邮件服务器设置: host, port, how the connection is encrypted, whether the account may go over an unencrypted one
 * (off unless ticked), the CA certificates of a private CA, the account and the sender. The password is never
 * shown; left empty it stays as stored.
 */
export function MailSettingsModal({ open, title, onClose }: { open: boolean; title: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const security = Form.useWatch('security', form);
  const user = Form.useWatch('user', form);
  const allowInsecureAuth = Form.useWatch('allowInsecureAuth', form);
  // Read again each time the dialog opens.
  const stored = useQuery({
    queryKey: ['message', 'mail-settings'],
    queryFn: async () => (await getAction<MailSettings>(MESSAGE_API.mailSettings)).result ?? null,
    enabled: open,
    staleTime: 0,
  });
  const settings = open ? stored.data : undefined;
  const passwordSet = Boolean(settings?.passwordSet);
  useEffect(() => {
    if (!settings) return;
    const { secure: _secure, passwordSet: _set, ...values } = settings;
    form.setFieldsValue({ ...values, password: '' });
  }, [settings, form]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(async (v) => {
          const res = await putAction(MESSAGE_API.mailSettings, {
            host: v.host,
            port: v.port,
            security: v.security,
            allowInsecureAuth: Boolean(v.allowInsecureAuth),
            caCert: v.caCert ?? '',
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
      <Form form={form} layout="vertical" initialValues={{ security: 'starttls', allowInsecureAuth: false }}>
        <Form.Item label="SMTP 服务器" name="host">
          <Input placeholder="smtp.example.com" />
        </Form.Item>
        <Form.Item label="端口" name="port" rules={[{ required: true, message: '请输入端口' }]}>
          <InputNumber min={1} max={65535} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="加密方式"
          name="security"
          rules={[{ required: true, message: TEMPLATE_MESSAGES.securityInvalid }]}
        >
          <Select options={MAIL_SECURITY_ITEMS.map((i) => ({ value: i.value, label: i.text }))} />
        </Form.Item>
        <Form.Item name="allowInsecureAuth" valuePropName="checked">
          <Checkbox>允许在未加密的连接上发送账号密码（不安全，仅限可信的内部网络）</Checkbox>
        </Form.Item>
        {security === 'none' && Boolean(user) && !allowInsecureAuth && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={TEMPLATE_MESSAGES.insecureAuthWarning} />
        )}
        <Form.Item
          label="受信任的 CA 证书"
          name="caCert"
          extra="邮件服务器使用内部 CA 或自签名证书时填写（PEM 格式，可包含多个证书）；留空则只信任公共 CA"
        >
          <Input.TextArea rows={4} placeholder={CA_PLACEHOLDER} spellCheck={false} />
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
