import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Input, theme, type InputRef } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import {
  checkRules,
  HOME_PATH,
  LOGIN_MESSAGES,
  isBindRequired,
  isLoginChallenge,
  MSG,
  RULES,
  THIRD_LOGIN_PARAMS,
  type AccountOptions,
  type FieldRule,
  type LoginAnswer,
  type LoginChallenge,
  type LoginResult,
  type SessionSecurity,
  type TenantInfo,
  type ThirdBindRequired,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { takeLoginNotice } from '@/lib/login-notice';
import { passwordChangePathFor } from '@/lib/request';
import { REDIRECT_PARAM, safeRedirect } from '@/lib/navigation';
import { usePlatformInfo } from '@/lib/platform';
import { useSessionStore } from '@/lib/session-store';
import { takeTypedValue } from '@/lib/prerendered-input';
import { useHydrated } from '@/lib/use-hydrated';
import { fetchCaptchaImage } from '../api/auth-api';
import { casValidate, fetchAccountOptions, rememberTenant } from '../api/account-api';
import { redeemThirdCode } from '../api/third-login-api';
import { ThirdLoginButtons } from '../third-login/third-login-buttons';

type FieldName = 'username' | 'password' | 'captcha';
type Values = Record<FieldName, string>;

const PASSWORD_RULES: readonly FieldRule[] = [{ required: true, message: LOGIN_MESSAGES.passwordRequired }];
const CAPTCHA_RULES: readonly FieldRule[] = [{ required: true, message: MSG.captchaRequired }];

/** A fresh random check key (32 hex characters) ties a captcha image to the login attempt. */
function newCheckKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Few users have several tenants: the select stays out of the login page's own code.
const TenantSelectModal = lazy(() =>
  import('./tenant-select-modal').then((module) => ({ default: module.TenantSelectModal })),
);
// Only a first third-party login of an unbound identity needs the bind form.
const ThirdBindForm = lazy(() =>
  import('../third-login/third-bind-form').then((module) => ({ default: module.ThirdBindForm })),
);
// A hand-over code is redeemed once, even when React runs the effect twice.
const redeemedCodes = new Set<string>();
// The second factor's step (QR code, recovery codes) loads only for the accounts that have one.
const SecondStep = lazy(() => import('./second-step').then((module) => ({ default: module.SecondStep })));
// The phone tab's form loads when the tab is opened.
const PhoneLoginForm = lazy(() => import('./phone-login-form').then((module) => ({ default: module.PhoneLoginForm })));

function FieldError({ id, message }: { id: string; message: string | null }) {
  const { token } = theme.useToken();
  return (
    <div id={id} role={message ? 'alert' : undefined} className="login-field-error" style={{ color: token.colorError }}>
      {message}
    </div>
  );
}

/**
 * The login form. It checks fields with the shared rule set (checkRules) rather than antd's Form:
 * this is the first page most people load, and the form engine would double its script.
 */
export function LoginPage() {
  // Until React owns the form a click must not submit it natively (the fields themselves take typing already).
  const live = useHydrated();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { systemName, captchaEnabled } = usePlatformInfo();
  const [values, setValues] = useState<Values>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string | null>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [captchaImage, setCaptchaImage] = useState('');
  const [tenants, setTenants] = useState<TenantInfo[] | null>(null);
  const [defaultTenant, setDefaultTenant] = useState<number | undefined>();
  const [mode, setMode] = useState<'password' | 'phone' | 'bind'>('password');
  const [thirdBind, setThirdBind] = useState<ThirdBindRequired | null>(null);
  const [options, setOptions] = useState<AccountOptions | null>(null);
  // A login that still needs its second factor: the card shows that step instead of the forms.
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  // Why the last session ended on its own (idle timeout): shown once, read after hydration (the prerendered page
  // has none).
  const [notice, setNotice] = useState<string | null>(null);
  // The new session's security state, read when entering (after the tenant is picked).
  const security = useRef<SessionSecurity | undefined>(undefined);

  // The prerendered inputs take typing from the first paint: once React owns them (or has replaced them), what
  // was typed becomes the form's state, before the browser paints again.
  const usernameInput = useRef<InputRef>(null);
  const passwordInput = useRef<InputRef>(null);
  useLayoutEffect(() => {
    const username = takeTypedValue('用户名', usernameInput.current?.input);
    const password = takeTypedValue('密码', passwordInput.current?.input);
    if (username || password)
      setValues((previous) => ({
        ...previous,
        username: username || previous.username,
        password: password || previous.password,
      }));
  }, []);

  useEffect(() => {
    const text = takeLoginNotice();
    if (text) setNotice(text);
  }, []);

  useEffect(() => {
    let active = true;
    fetchAccountOptions().then(
      (res) => active && setOptions(res.result),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  // Back from the CAS login page with a service ticket: the server validates it and signs the user in.
  const casTicket = searchParams.get('ticket');
  useEffect(() => {
    if (!casTicket) return;
    casValidate(casTicket).then(
      (res) => acceptAnswer(res.result),
      (error: unknown) => setFailure(errorMessage(error, MSG.loginFailed)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per ticket
  }, [casTicket]);

  // Back from a third-party provider: a single-use code (signs in, or asks for the password to bind) or a failure.
  const thirdCode = searchParams.get(THIRD_LOGIN_PARAMS.code);
  const thirdType = searchParams.get(THIRD_LOGIN_PARAMS.type);
  const thirdError = searchParams.get(THIRD_LOGIN_PARAMS.error);
  useEffect(() => {
    if (!thirdCode && !thirdError) return;
    const rest = new URLSearchParams(searchParams);
    Object.values(THIRD_LOGIN_PARAMS).forEach((name) => rest.delete(name));
    setSearchParams(rest, { replace: true });
    if (thirdError) setFailure(thirdError);
    if (!thirdCode || !thirdType || redeemedCodes.has(thirdCode)) return;
    redeemedCodes.add(thirdCode);
    redeemThirdCode(thirdCode, thirdType).then(
      (res) => {
        if (isBindRequired(res.result)) {
          setThirdBind(res.result);
          setMode('bind');
          return;
        }
        acceptAnswer(res.result);
      },
      (error: unknown) => setFailure(errorMessage(error, MSG.loginFailed)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per code
  }, [thirdCode, thirdError]);

  useEffect(() => {
    document.title = systemName ? `登录 - ${systemName}` : '登录';
  }, [systemName]);

  useEffect(() => {
    if (!captchaEnabled) return;
    let active = true;
    fetchCaptchaImage(checkKey).then(
      (res) => active && setCaptchaImage(res.result ?? ''),
      () => active && setCaptchaImage(''),
    );
    return () => {
      active = false;
    };
  }, [captchaEnabled, checkKey]);

  const rulesOf = (name: FieldName) =>
    name === 'username' ? RULES.username : name === 'password' ? PASSWORD_RULES : CAPTCHA_RULES;
  const fields: FieldName[] = captchaEnabled ? ['username', 'password', 'captcha'] : ['username', 'password'];

  const change = (name: FieldName, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // A field is checked as it is typed once it has shown an error.
    if (errors[name] !== undefined)
      setErrors((previous) => ({ ...previous, [name]: checkRules(value, rulesOf(name)) }));
  };

  const refreshCaptcha = () => {
    setValues((previous) => ({ ...previous, captcha: '' }));
    setCheckKey(newCheckKey());
  };

  // Back to the page a signed-out visitor was sent here from, else the home page; a password that must be changed
  // first goes to its page (which enters afterwards), one that expires soon earns a warning.
  const enter = () => {
    const target = safeRedirect(searchParams.get(REDIRECT_PARAM)) ?? HOME_PATH;
    const state = security.current;
    if (state?.mustChangePassword) {
      const path = passwordChangePathFor(state.mustChangePassword);
      void navigate(`${path}&${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`, { replace: true });
      return;
    }
    void navigate(target, { replace: true });
    const days = state?.passwordExpiresInDays;
    if (days != null) void import('../security/password-expiry').then((module) => module.notifyPasswordExpiry(days));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((name) => [name, checkRules(values[name], rulesOf(name))]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await useSessionStore.getState().login({
        username: values.username.trim(),
        password: values.password,
        ...(captchaEnabled ? { captcha: values.captcha.trim(), checkKey } : {}),
      });
      afterLogin(result);
    } catch (error) {
      setFailure(errorMessage(error, MSG.loginFailed));
      if (captchaEnabled) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  // The user's default tenant is stored already; with several the user picks one (their last choice preselected).
  // A login that still needs the second factor shows that step first.
  function afterLogin(result: LoginAnswer) {
    if (isLoginChallenge(result)) {
      setFailure(null);
      setChallenge(result);
      return;
    }
    setChallenge(null);
    security.current = result.security;
    if (result.tenantList?.length > 1) {
      setDefaultTenant(result.userInfo.loginTenantId);
      setTenants(result.tenantList);
    } else enter();
  }

  /** An answer the page received itself (CAS, a third-party code, the second step): stored here, then entered. */
  function acceptAnswer(answer: LoginAnswer) {
    if (!isLoginChallenge(answer)) useSessionStore.getState().acceptLoginResult(answer);
    afterLogin(answer);
  }
  const finishSecondStep = (result: LoginResult) => acceptAnswer(result);
  // Stable: the second step's expiry timer depends on it.
  const restart = useCallback((message: string) => {
    setChallenge(null);
    setMode('password');
    setFailure(message || null);
  }, []);

  const confirmTenant = (tenantId: number) => {
    useSessionStore.getState().setTenant(tenantId);
    // Remembered as the next login's default; entering does not wait for it.
    void rememberTenant(tenantId).catch(() => undefined);
    setTenants(null);
    enter();
  };

  const field = (name: FieldName, control: ReactNode) => (
    <div className="login-field">
      {control}
      <FieldError id={`login-${name}-error`} message={errors[name] ?? null} />
    </div>
  );
  const status = (name: FieldName) => (errors[name] ? 'error' : undefined);

  return (
    <div className="login-page">
      {notice && !challenge && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 24 }} />}
      {challenge && (
        <Suspense fallback={null}>
          <SecondStep challenge={challenge} onDone={finishSecondStep} onRestart={restart} />
        </Suspense>
      )}
      {!challenge && options?.phoneLogin && mode !== 'bind' && (
        <div role="tablist" className="login-tabs" style={{ display: 'flex', gap: 24, marginBottom: 24 }}>
          {(['password', 'phone'] as const).map((key) => (
            <Button
              key={key}
              type="link"
              role="tab"
              aria-selected={mode === key}
              style={{ padding: 0, fontSize: 16, fontWeight: mode === key ? 600 : 400 }}
              onClick={() => setMode(key)}
            >
              {key === 'password' ? '账号密码登录' : '手机号登录'}
            </Button>
          ))}
        </div>
      )}
      {!challenge && mode === 'phone' && (
        <Suspense fallback={null}>
          <PhoneLoginForm captchaEnabled={captchaEnabled} onLoggedIn={afterLogin} />
        </Suspense>
      )}
      {!challenge && mode === 'bind' && thirdBind && (
        <Suspense fallback={null}>
          <ThirdBindForm
            bind={thirdBind}
            captchaEnabled={captchaEnabled}
            onLoggedIn={afterLogin}
            onCancel={() => {
              setThirdBind(null);
              setMode('password');
            }}
          />
        </Suspense>
      )}
      <form
        hidden={mode !== 'password' || !!challenge}
        onSubmit={(event) => void submit(event)}
        noValidate
        autoComplete="off"
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} />}
        {field(
          'username',
          <Input
            size="large"
            prefix={<UserOutlined />}
            placeholder="请输入用户名"
            ref={usernameInput}
            aria-label="用户名"
            aria-describedby="login-username-error"
            autoComplete="username"
            status={status('username')}
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
          />,
        )}
        {field(
          'password',
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder="请输入密码"
            ref={passwordInput}
            aria-label="密码"
            aria-describedby="login-password-error"
            autoComplete="current-password"
            status={status('password')}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
          />,
        )}
        {captchaEnabled &&
          field(
            'captcha',
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                size="large"
                prefix={<SafetyOutlined />}
                placeholder="请输入验证码"
                aria-label="验证码"
                aria-describedby="login-captcha-error"
                maxLength={16}
                status={status('captcha')}
                value={values.captcha}
                onChange={(e) => change('captcha', e.target.value)}
              />
              <button
                type="button"
                className="login-captcha"
                onClick={refreshCaptcha}
                title="看不清？换一张"
                aria-label="刷新验证码"
              >
                {captchaImage ? <img src={captchaImage} alt="验证码" /> : <span>获取验证码</span>}
              </button>
            </div>,
          )}
        <Button type="primary" htmlType={live ? 'submit' : 'button'} size="large" block loading={submitting}>
          登录
        </Button>
      </form>
      {!challenge && mode !== 'bind' && <ThirdLoginButtons />}
      {!challenge && options?.casLoginUrl && (
        <Button block size="large" href={options.casLoginUrl} style={{ marginTop: 16 }}>
          统一身份认证（CAS）登录
        </Button>
      )}
      {!challenge && (options?.registerOpen || options?.alteration) && (
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
          {options.alteration ? <Link to="/user/alteration">忘记密码</Link> : <span />}
          {options.registerOpen && <Link to="/user/register">注册账户</Link>}
        </div>
      )}
      {tenants && (
        <Suspense fallback={null}>
          <TenantSelectModal tenants={tenants} defaultId={defaultTenant} onConfirm={confirmTenant} />
        </Suspense>
      )}
    </div>
  );
}
