import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input, Progress, Result, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  ACCOUNT_MESSAGES as M,
  LOGIN_PATH,
  MSG,
  passwordRuleOf,
  PRIVACY_NOTICE,
  RULES,
  type AccountOptions,
  type RegisterInput,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { usePasswordPolicy } from '@/lib/password-policy';
import { checkRegister, loadAccountOptions, register, sendSms } from '../api/account-api';
import { CaptchaImage, newCheckKey } from '../components/captcha-image';
import { SmsCodeButton } from '../components/sms-code-button';
import { passwordStrength } from './password-strength';
import { PrivacyNoticeField } from './privacy-notice';

type Values = RegisterInput & { captcha?: string };

/** Asks the server whether a username or mobile is still free, as the user types (after the format rules). */
function uniqueRule(field: 'username' | 'mobile'): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (!value) return;
      const res = await checkRegister(field, value).catch(() => null);
      if (res && !res.success) throw new Error(res.message);
    },
  };
}

/** 注册: username, password with its strength, confirmation, mobile, SMS code and the privacy notice accepted. */
export function RegisterPage() {
  // The configured rule (安全设置), which the server applies too.
  const passwordRule = passwordRuleOf(usePasswordPolicy());
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<AccountOptions | null>(null);
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const password = Form.useWatch('password', form) ?? '';
  const strength = passwordStrength(password);

  useEffect(() => {
    document.title = '注册';
    void loadAccountOptions().then(setOptions);
  }, []);

  if (!options) return <Spin />;
  if (!options.registerOpen) {
    return <Result status="info" title={M.registerClosed} extra={<Link to={LOGIN_PATH}>返回登录</Link>} />;
  }

  const refresh = () => {
    form.setFieldValue('captcha', '');
    setCheckKey(newCheckKey());
  };

  const send = async () => {
    try {
      await form.validateFields(options.captchaEnabled ? ['mobile', 'captcha'] : ['mobile']);
    } catch {
      return false;
    }
    try {
      const res = await sendSms({
        mobile: form.getFieldValue('mobile') as string,
        purpose: 'register',
        ...(options.captchaEnabled ? { captcha: form.getFieldValue('captcha') as string, checkKey } : {}),
      });
      setFailure(null);
      setNotice(res.message);
      return true;
    } catch (error) {
      setNotice(null);
      setFailure(errorMessage(error, M.smsSendFailed));
      return false;
    } finally {
      if (options.captchaEnabled) refresh();
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { captcha: _captcha, ...input } = values;
      // The version of the notice this form showed: the server records it with the acceptance.
      const res = await register({ ...input, privacyVersion: PRIVACY_NOTICE.version });
      void navigate('/user/register-result', { state: { ...res.result, message: res.message } });
    } catch (error) {
      setFailure(errorMessage(error, MSG.serverError));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <h3 style={{ marginBottom: 24 }}>注册</h3>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {notice && !failure && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {/* Visible labels above the fields: placeholders vanish once filled, and 密码 / 确认密码 must stay apart. */}
      <Form form={form} layout="vertical" size="large" autoComplete="off" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="username"
          label="用户名"
          hasFeedback
          validateDebounce={400}
          // Checked as the user types and again on leaving the field, so a taken name shows before 注册.
          validateTrigger={['onChange', 'onBlur']}
          rules={[...RULES.username, uniqueRule('username')]}
        >
          <Input placeholder="请输入用户名" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          rules={[
            { required: true, message: '请输入密码' },
            { pattern: passwordRule.pattern, message: passwordRule.message },
          ]}
          extra={
            password ? (
              <div aria-label="密码强度">
                <Progress percent={strength.percent} showInfo={false} strokeColor={strength.color} size="small" />
                <span style={{ color: strength.color }}>强度：{strength.label}</span>
              </div>
            ) : (
              passwordRule.message
            )
          }
        >
          <Input.Password placeholder="至少8位，包含字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: M.confirmRequired },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(M.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label="手机号"
          hasFeedback
          validateDebounce={400}
          validateTrigger={['onChange', 'onBlur']}
          rules={[...RULES.mobile, uniqueRule('mobile')]}
        >
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
        {options.captchaEnabled && (
          <Form.Item required label="图片验证码" htmlFor="captcha">
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, message: MSG.captchaRequired }]}>
                <Input id="captcha" placeholder="请输入图片验证码" maxLength={16} />
              </Form.Item>
              <CaptchaImage checkKey={checkKey} onRefresh={refresh} />
            </div>
          </Form.Item>
        )}
        <Form.Item required label="短信验证码" htmlFor="smscode">
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name="smscode"
              noStyle
              rules={[
                { required: true, message: M.smsCodeRequired },
                { pattern: /^\d{6}$/, message: M.smsCodeFormat },
              ]}
            >
              <Input id="smscode" placeholder="6位数字" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <SmsCodeButton onSend={send} />
          </div>
        </Form.Item>
        <PrivacyNoticeField />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          注册
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </div>
  );
}
