import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input, Result, Spin, Steps } from 'antd';
import { ACCOUNT_MESSAGES as M, LOGIN_PATH, MSG, passwordRuleOf, RULES, type AccountOptions } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { usePasswordPolicy } from '@/lib/password-policy';
import { loadAccountOptions, forgeCheck, forgeReset, forgeSms, forgeVerify } from '../api/account-api';
import { CaptchaImage, newCheckKey } from '../components/captcha-image';
import { SmsCodeButton } from '../components/sms-code-button';

const STEPS = [{ title: '确认账号' }, { title: '安全验证' }, { title: '设置新密码' }, { title: '完成' }];

/**
 * 找回密码 in four steps: account and image captcha → SMS code to the account's phone (masked) → new password
 * twice → done. The server hands a single-use ticket from one step to the next, so no step can be skipped.
 */
export function AlterationPage() {
  // The configured rule (安全设置), which the server applies too.
  const passwordRule = passwordRuleOf(usePasswordPolicy());
  const [options, setOptions] = useState<AccountOptions | null>(null);
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [phone, setPhone] = useState('');
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();

  useEffect(() => {
    document.title = '找回密码';
    void loadAccountOptions().then(setOptions);
  }, []);

  if (!options) return <Spin />;
  if (!options.alteration) {
    return <Result status="info" title={M.alterationClosed} extra={<Link to={LOGIN_PATH}>返回登录</Link>} />;
  }

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setNotice(null);
      const message = errorMessage(error, MSG.serverError);
      setFailure(message);
      // A spent or expired ticket: back to the first step.
      if (message === M.ticketInvalid) setStep(0);
    } finally {
      setBusy(false);
    }
  };

  const refresh = () => {
    form.setFieldValue('captcha', '');
    setCheckKey(newCheckKey());
  };

  const step1 = (values: { username: string; captcha?: string }) =>
    run(async () => {
      try {
        const res = await forgeCheck({
          username: values.username.trim(),
          ...(options.captchaEnabled ? { captcha: values.captcha, checkKey } : {}),
        });
        setTicket(res.result.ticket);
        setPhone(res.result.phone);
        setNotice(null);
        setStep(1);
      } finally {
        if (options.captchaEnabled) refresh();
      }
    });

  const sendCode = async () => {
    try {
      const res = await forgeSms(ticket);
      setFailure(null);
      setNotice(res.message);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, M.smsSendFailed));
      return false;
    }
  };

  const step2 = (values: { smscode: string }) =>
    run(async () => {
      const res = await forgeVerify(ticket, values.smscode);
      setTicket(res.result.ticket);
      setNotice(null);
      setStep(2);
    });

  const step3 = (values: { password: string; confirmPassword: string }) =>
    run(async () => {
      await forgeReset({ ticket, ...values });
      setTicket('');
      setStep(3);
    });

  return (
    <div className="login-page" style={{ width: 'min(560px, 100%)' }}>
      <Steps current={step} items={STEPS} size="small" style={{ marginBottom: 32 }} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {notice && !failure && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form key="step1" form={form} size="large" autoComplete="off" onFinish={(v) => void step1(v)}>
          <Form.Item name="username" rules={RULES.username.slice(0, 1)}>
            <Input placeholder="请输入账号" aria-label="账号" />
          </Form.Item>
          {options.captchaEnabled && (
            <Form.Item required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="captcha" noStyle rules={[{ required: true, message: MSG.captchaRequired }]}>
                  <Input placeholder="请输入验证码" aria-label="验证码" maxLength={16} />
                </Form.Item>
                <CaptchaImage checkKey={checkKey} onRefresh={refresh} />
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form key="step2" size="large" autoComplete="off" onFinish={(v) => void step2(v)}>
          <Form.Item label="手机号">
            <span aria-label="绑定手机">{phone}</span>
          </Form.Item>
          <Form.Item required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="smscode"
                noStyle
                rules={[
                  { required: true, message: M.smsCodeRequired },
                  { pattern: /^\d{6}$/, message: M.smsCodeFormat },
                ]}
              >
                <Input placeholder="请输入短信验证码" aria-label="短信验证码" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SmsCodeButton onSend={sendCode} />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form key="step3" size="large" autoComplete="off" onFinish={(v) => void step3(v)}>
          <Form.Item
            name="password"
            rules={[
              { required: true, message: '请输入新密码!' },
              { pattern: passwordRule.pattern, message: passwordRule.message },
            ]}
          >
            <Input.Password placeholder="请输入新密码" aria-label="新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
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
            <Input.Password placeholder="请再次输入新密码" aria-label="确认新密码" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            提交
          </Button>
        </Form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title={M.passwordReset}
          subTitle="该账号已在所有设备上退出登录。"
          extra={<Link to={LOGIN_PATH}>返回登录</Link>}
        />
      )}
      {step < 3 && (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to={LOGIN_PATH}>返回登录</Link>
        </div>
      )}
    </div>
  );
}
