import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Input, QRCode, Spin, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import {
  isLoginChallenge,
  RECOVERY_CODE_PATTERN,
  SECURITY_MESSAGES as M,
  type LoginChallenge,
  type LoginResult,
  type TotpEnableResult,
  type TotpSetup,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { RecoveryCodes } from '../security/recovery-codes';
import { loginTotp, loginTotpEnable, loginTotpSetup } from '../security/security-api';

interface SecondStepProps {
  challenge: LoginChallenge;
  /** The session, once the second step is passed (the page stores it and enters). */
  onDone: (result: LoginResult) => void;
  /** The ticket is no longer good (expired, spent, the account locked): back to the first step with the message. */
  onRestart: (message: string) => void;
}

const APP_CODE = /^\d{6}$/;

/** 6 digits of the app, or (at login only) a recovery code. */
function checkCode(code: string, recoveryAllowed: boolean): string | null {
  const value = code.trim();
  if (!value) return M.totpCodeRequired;
  return APP_CODE.test(value) || (recoveryAllowed && RECOVERY_CODE_PATTERN.test(value)) ? null : M.totpCodeFormat;
}

/** A refusal that ends this ticket: the user starts again with the password. */
function endsTicket(error: unknown, message: string): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return message === M.totpChallengeInvalid || status === 429 || status === 401;
}

/** The second step of the login card: a code of the authenticator app, or the enrolment an account must make first. */
export function SecondStep({ challenge, onDone, onRestart }: SecondStepProps) {
  // The ticket lives `expiresIn` seconds: once past, the form says so instead of failing on submit.
  const [finished, setFinished] = useState(false);
  useEffect(() => {
    if (finished) return;
    const timer = window.setTimeout(() => onRestart(M.totpChallengeInvalid), challenge.expiresIn * 1000);
    return () => window.clearTimeout(timer);
  }, [challenge, finished, onRestart]);

  return challenge.challenge === 'totp' ? (
    <TotpStep challenge={challenge} onDone={onDone} onRestart={onRestart} />
  ) : (
    <EnrolStep challenge={challenge} onDone={onDone} onRestart={onRestart} onIssued={() => setFinished(true)} />
  );
}

function CodeForm({
  label,
  placeholder,
  submitText,
  recoveryAllowed,
  onSubmit,
  onRestart,
}: {
  label: string;
  placeholder: string;
  submitText: string;
  recoveryAllowed: boolean;
  onSubmit: (code: string) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkCode(code, recoveryAllowed);
    setProblem(found);
    if (found) return;
    setSubmitting(true);
    try {
      await onSubmit(code.trim());
    } catch (error) {
      const message = errorMessage(error, M.totpCodeWrong);
      if (endsTicket(error, message)) onRestart(message);
      else {
        setProblem(message);
        setCode('');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      <div className="login-field">
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={placeholder}
          aria-label={label}
          aria-describedby="login-totp-error"
          autoComplete="one-time-code"
          autoFocus
          maxLength={16}
          status={problem ? 'error' : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div id="login-totp-error" role={problem ? 'alert' : undefined} className="login-field-error">
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </form>
  );
}

function TotpStep({ challenge, onDone, onRestart }: SecondStepProps) {
  const submit = async (code: string) => {
    const res = await loginTotp(challenge.ticket, code);
    // A second step is never asked twice; guarded so a strange answer cannot pass as a session.
    if (isLoginChallenge(res.result)) throw new Error(M.totpChallengeInvalid);
    onDone(res.result);
  };
  return (
    <div>
      <Typography.Title level={4}>二次验证</Typography.Title>
      <Typography.Paragraph type="secondary">
        请打开手机上的身份验证器，输入账号 {challenge.username}{' '}
        当前显示的6位动态验证码；无法使用身份验证器时可输入一个恢复码。
      </Typography.Paragraph>
      <CodeForm
        label="动态验证码"
        placeholder="6位动态验证码或恢复码"
        submitText="验证并登录"
        recoveryAllowed
        onSubmit={submit}
        onRestart={onRestart}
      />
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => onRestart('')}>
        返回账号密码登录
      </Button>
    </div>
  );
}

function EnrolStep({ challenge, onDone, onRestart, onIssued }: SecondStepProps & { onIssued: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [enabled, setEnabled] = useState<TotpEnableResult | null>(null);

  useEffect(() => {
    let active = true;
    loginTotpSetup(challenge.ticket).then(
      (res) => active && setSetup(res.result),
      (error: unknown) => {
        if (!active) return;
        const message = errorMessage(error, '获取密钥失败');
        if (endsTicket(error, message)) onRestart(message);
        else setFailure(message);
      },
    );
    return () => {
      active = false;
    };
  }, [challenge.ticket, onRestart]);

  const submit = async (code: string) => {
    const res = await loginTotpEnable(challenge.ticket, code);
    onIssued();
    setEnabled(res.result);
  };

  if (enabled) {
    return (
      <div>
        <Typography.Title level={4}>身份验证器绑定成功</Typography.Title>
        <RecoveryCodes
          codes={enabled.recoveryCodes}
          username={challenge.username}
          confirmText="完成登录"
          onConfirm={() => {
            if (enabled.login) onDone(enabled.login);
            else onRestart(M.totpEnabled);
          }}
        />
      </div>
    );
  }

  return (
    <div>
      <Typography.Title level={4}>绑定身份验证器</Typography.Title>
      <Typography.Paragraph type="secondary">
        按照安全要求，账号 {challenge.username} 登录时需要进行二次验证。请在手机上安装身份验证器（如 Microsoft
        Authenticator、Google
        Authenticator、FreeOTP），扫描下方二维码或手动输入密钥，再输入其显示的6位动态验证码完成绑定。
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {!setup && !failure && <Spin />}
      {setup && (
        <>
          <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 12 }}>
            <QRCode value={setup.uri} size={180} aria-label="身份验证器二维码" />
          </div>
          <Typography.Paragraph style={{ textAlign: 'center' }}>
            密钥：
            <Typography.Text code copyable={{ text: setup.secret }}>
              {setup.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <CodeForm
            label="动态验证码"
            placeholder="身份验证器显示的6位动态验证码"
            submitText="绑定并登录"
            recoveryAllowed={false}
            onSubmit={submit}
            onRestart={onRestart}
          />
        </>
      )}
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => onRestart('')}>
        返回账号密码登录
      </Button>
    </div>
  );
}
