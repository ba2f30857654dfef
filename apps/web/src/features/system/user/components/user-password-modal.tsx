import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MODAL_WIDTH, USER_MESSAGES, USER_PASSWORD_RULES } from '@district/shared';
import { resetPassword } from '../api/user-api';

export interface UserPasswordModalProps {
  /** The account whose password is reset; null keeps the modal closed. */
  username: string | null;
  onClose: () => void;
}

interface Values {
  password: string;
  confirmpassword: string;
}

/** 重置密码: an administrator sets a user's password (the user's sessions end on the server). */
export function UserPasswordModal({ username, onClose }: UserPasswordModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (username) form.resetFields();
  }, [username, form]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows the messages.
    }
    setSaving(true);
    try {
      const res = await resetPassword({ username: username!, ...values });
      message.success(res.message);
      onClose();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={username !== null}
      title="重置密码"
      width={MODAL_WIDTH.password}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="user-password">
        <Form.Item label="用户账号">
          <Input value={username ?? ''} disabled />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={USER_PASSWORD_RULES.map((r) => ({ ...r }))}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: USER_MESSAGES.confirmRequired },
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(USER_MESSAGES.mismatch);
              },
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
