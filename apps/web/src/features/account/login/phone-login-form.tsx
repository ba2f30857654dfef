import { useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, checkRules, isLoginChallenge, MSG, RULES, type LoginAnswer } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { phoneLogin, sendSms } from '../api/account-api';
import { CaptchaImage, newCheckKey } from '../components/captcha-image';
import { SmsCodeButton } from '../components/sms-code-button';

interface PhoneLoginFormProps {
  captchaEnabled: boolean;
  /** Called with the login answer once the session is stored (the page then asks for a tenant or enters). */
  onLoggedIn: (result: LoginAnswer) => void;
}

const SMS_RULES = [
  { required: true, message: ACCOUNT_MESSAGES.smsCodeRequired },
  { pattern: /^\d{6}$/, message: ACCOUNT_MESSAGES.smsCodeFormat },
];

/** 手机号登录: mobile, the image captcha (to send the code), the SMS code with its resend countdown. */
export function PhoneLoginForm({ captchaEnabled, onLoggedIn }: PhoneLoginFormProps) {
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [code, setCode] = useState('');
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const refresh = () => {
    setCaptcha('');
    setCheckKey(newCheckKey());
  };

  const send = async () => {
    const problem =
      checkRules(mobile, RULES.mobile) ?? (captchaEnabled && !captcha.trim() ? MSG.captchaRequired : null);
    setNotice(null);
    if (problem) {
      setFailure(problem);
      return false;
    }
    try {
      const res = await sendSms({
        mobile,
        purpose: 'login',
        ...(captchaEnabled ? { captcha: captcha.trim(), checkKey } : {}),
      });
      setFailure(null);
      setNotice(res.message);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, ACCOUNT_MESSAGES.smsSendFailed));
      return false;
    } finally {
      // A captcha serves one send.
      if (captchaEnabled) refresh();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkRules(mobile, RULES.mobile) ?? checkRules(code, SMS_RULES);
    if (problem) {
      setFailure(problem);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await phoneLogin({ mobile, captcha: code });
      // A second step is not a session yet: the page shows it.
      if (!isLoginChallenge(res.result)) useSessionStore.getState().acceptLoginResult(res.result);
      onLoggedIn(res.result);
    } catch (error) {
      setFailure(errorMessage(error, ACCOUNT_MESSAGES.phoneLoginFailed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} />}
      {notice && !failure && <Alert type="success" showIcon title={notice} style={{ marginBottom: 24 }} />}
      <div className="login-field">
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          aria-label="手机号"
          maxLength={11}
          value={mobile}
          onChange={(e) => setMobile(e.target.value.trim())}
        />
      </div>
      {captchaEnabled && (
        <div className="login-field" style={{ display: 'flex', gap: 8 }}>
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder="请输入图片验证码"
            aria-label="图片验证码"
            maxLength={16}
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
          />
          <CaptchaImage checkKey={checkKey} onRefresh={refresh} />
        </div>
      )}
      <div className="login-field" style={{ display: 'flex', gap: 8 }}>
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder="请输入短信验证码"
          aria-label="短信验证码"
          maxLength={6}
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
        />
        <SmsCodeButton onSend={send} />
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}
