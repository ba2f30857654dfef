import { useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isLoginChallenge, LOGIN_MESSAGES, MSG, type LoginAnswer, type ThirdBindRequired } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { CaptchaImage, newCheckKey } from '../components/captcha-image';
import { bindThirdLogin } from '../api/third-login-api';

/**
 * An identity no account is bound to yet: the user proves once which account is theirs with its password (the
 * server counts a wrong one like any failed login), the identity is bound and the user is signed in.
 */
export function ThirdBindForm({
  bind,
  captchaEnabled,
  onLoggedIn,
  onCancel,
}: {
  bind: ThirdBindRequired;
  captchaEnabled: boolean;
  onLoggedIn: (result: LoginAnswer) => void;
  onCancel: () => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = !username.trim()
      ? '请输入用户名'
      : !password
        ? LOGIN_MESSAGES.passwordRequired
        : captchaEnabled && !captcha.trim()
          ? MSG.captchaRequired
          : null;
    if (missing) {
      setFailure(missing);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await bindThirdLogin({
        bindToken: bind.bindToken,
        username: username.trim(),
        password,
        ...(captchaEnabled ? { captcha: captcha.trim(), checkKey } : {}),
      });
      // A second step is not a session yet: the page shows it.
      if (!isLoginChallenge(res.result)) useSessionStore.getState().acceptLoginResult(res.result);
      onLoggedIn(res.result);
    } catch (error) {
      setFailure(errorMessage(error, MSG.loginFailed));
      if (captchaEnabled) {
        setCaptcha('');
        setCheckKey(newCheckKey());
      }
    } finally {
      setSubmitting(false);
    }
  };

  const who = bind.displayName ? `「${bind.displayName}」` : '';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate autoComplete="off" aria-label="绑定系统账号">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${bind.providerName}账号${who}尚未绑定系统账号`}
        description={
          <>
            {/* The identifier, not only the name anyone may choose: the user sees whose identity is bound. */}
            <div>第三方标识：{bind.subject}</div>
            <div>请输入要绑定的系统账号和密码，绑定后可直接使用该方式登录。如果这不是您本人的第三方账号，请返回。</div>
          </>
        }
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <div className="login-field">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          aria-label="用户名"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div className="login-field">
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {captchaEnabled && (
        <div className="login-field" style={{ display: 'flex', gap: 8 }}>
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder="请输入验证码"
            aria-label="验证码"
            maxLength={16}
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
          />
          <CaptchaImage checkKey={checkKey} onRefresh={() => setCheckKey(newCheckKey())} />
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        绑定并登录
      </Button>
      <Button type="link" block style={{ marginTop: 8 }} onClick={onCancel}>
        返回账号密码登录
      </Button>
    </form>
  );
}
