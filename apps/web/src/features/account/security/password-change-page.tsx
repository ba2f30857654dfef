import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Typography } from 'antd';
import {
  GUEST_CREDENTIALS,
  HOME_PATH,
  isLoginChallenge,
  LOGIN_PATH,
  MSG,
  PASSWORD_MESSAGES,
  SECURITY_MESSAGES as M,
  type PasswordChangeReason,
} from '@district/shared';
import { PasswordFields } from '@/components/password-fields/password-fields';
import { errorMessage } from '@/lib/errors';
import { setLoginNotice } from '@/lib/login-notice';
import { REDIRECT_PARAM, safeRedirect } from '@/lib/navigation';
import { usePlatformInfo } from '@/lib/platform';
import { useSessionStore } from '@/lib/session-store';
import { updatePassword } from '../api/auth-api';

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

const CAUSE_TEXT: Record<PasswordChangeReason, string> = {
  initial: M.passwordChangeInitial,
  expired: M.passwordChangeExpired,
};
const causeOf = (value: string | null): PasswordChangeReason | null =>
  value === 'initial' || value === 'expired' ? value : null;

/**
 * 修改密码 outside the app's shell: where a session goes whose password must be changed before anything else (an
 * initial or reset password, one past its period); the server refuses every other call until then. Also reached from
 * the expiry warning. The rule shown and checked is the configured one.
 */
export function PasswordChangePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const username = useSessionStore((s) => s.username);
  const token = useSessionStore((s) => s.token);
  const { captchaEnabled } = usePlatformInfo();
  const [form] = Form.useForm<PasswordForm>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const cause = causeOf(searchParams.get('cause'));

  useEffect(() => {
    document.title = '修改密码';
  }, []);

  if (!token || !username || username === GUEST_CREDENTIALS.username) return <Navigate to={LOGIN_PATH} replace />;

  // Changing the password ends every session of the user: sign in again with the new one, here when no captcha or
  // second step is asked, else on the login page.
  const signInAgain = async (password: string) => {
    const target = safeRedirect(searchParams.get(REDIRECT_PARAM)) ?? HOME_PATH;
    if (!captchaEnabled) {
      try {
        const answer = await useSessionStore.getState().login({ username, password });
        if (!isLoginChallenge(answer)) {
          void navigate(target, { replace: true });
          return;
        }
      } catch {
        // Falls through to the login page.
      }
    }
    setLoginNotice(MSG.passwordChanged);
    await useSessionStore.getState().logout({ callServer: false });
  };

  const submit = async (values: PasswordForm) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await updatePassword({ username, ...values }, { silent: true });
      if (!res.success) {
        setFailure(res.message);
        return;
      }
      await signInAgain(values.password);
    } catch (error) {
      setFailure(errorMessage(error, '修改密码失败'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <Typography.Title level={4}>修改密码</Typography.Title>
      {cause ? (
        <Alert type="warning" showIcon title={CAUSE_TEXT[cause]} style={{ marginBottom: 16 }} />
      ) : (
        <Typography.Paragraph type="secondary">修改密码后需使用新密码重新登录。</Typography.Paragraph>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" size="large" autoComplete="off" onFinish={(v) => void submit(v)}>
        <Form.Item label="账号">
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item
          label="旧密码"
          name="oldpassword"
          rules={[{ required: true, message: PASSWORD_MESSAGES.oldRequired }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <PasswordFields oldField="oldpassword" showRule="withHistory" />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          确认修改
        </Button>
      </Form>
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => void useSessionStore.getState().logout()}>
        退出登录
      </Button>
    </div>
  );
}
