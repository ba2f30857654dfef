import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MODAL_WIDTH, MSG, PASSWORD_MESSAGES } from '@district/shared';
import { PasswordFields } from '@/components/password-fields/password-fields';
import { updatePassword } from '../api/auth-api';

interface ChangePasswordModalProps {
  open: boolean;
  username: string | null | undefined;
  onClose: () => void;
  /** The server revoked every token of the user: the caller signs out locally. */
  onChanged: () => void;
}

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Hidden → shown → submitting → closed on success. Opening without a signed-in user only warns. */
export function ChangePasswordModal({ open, username, onClose, onChanged }: ChangePasswordModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [submitting, setSubmitting] = useState(false);
  const noUser = open && !username;

  useEffect(() => {
    if (!noUser) return;
    message.warning(MSG.noLoginUser);
    onClose();
  }, [noUser, message, onClose]);

  const submit = async () => {
    const values = await form.validateFields();
    setSubmitting(true);
    try {
      const res = await updatePassword({ username: username ?? '', ...values });
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      message.success(res.message || MSG.passwordChanged);
      form.resetFields();
      onClose();
      onChanged();
    } catch {
      // The request layer has already shown the server's message; the modal stays open for a retry.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      width={MODAL_WIDTH.password}
      open={open && !noUser}
      confirmLoading={submitting}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item
          label="旧密码"
          name="oldpassword"
          rules={[{ required: true, message: PASSWORD_MESSAGES.oldRequired }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <PasswordFields oldField="oldpassword" showRule="withHistory" />
      </Form>
    </Modal>
  );
}
