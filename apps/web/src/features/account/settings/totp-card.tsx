import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  QRCode,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { RECOVERY_CODE_PATTERN, SECURITY_MESSAGES as M, TOTP, type TotpSetup, type TotpStatus } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { disableTotp, enableTotp, fetchTotpStatus, renewRecoveryCodes, startTotpSetup } from '../api/totp-api';
import { useSessionStore } from '@/lib/session-store';
import { RecoveryCodes } from '../security/recovery-codes';

export const TOTP_TEXT = {
  title: '二次验证',
  enabled: '已绑定',
  disabled: '未绑定',
  since: (time: string) => `绑定于 ${time}`,
  codesLeft: (n: number) => `剩余 ${n} 个`,
  required: '您的角色要求登录时使用二次验证，必须绑定身份验证器，且不能解绑。',
  requiredMissing: '您的角色要求登录时使用二次验证：下次登录时须先绑定身份验证器，建议现在绑定。',
  intro:
    '绑定后，登录时除密码外还须输入身份验证器（如 Microsoft Authenticator、FreeOTP、阿里云 App）上的 6 位动态验证码。',
  bind: '绑定身份验证器',
  renew: '重新生成恢复码',
  unbind: '解绑',
  scan: '请使用身份验证器扫描二维码；无法扫描时，手动输入下方密钥。',
  secret: '密钥',
  appCode: '动态验证码',
  confirmBind: '确认绑定',
  codesTitle: '请保存恢复码',
  done: '完成',
  confirmCode: '动态验证码或恢复码',
  renewNote: '生成新的恢复码后，旧的恢复码全部作废。请输入当前的动态验证码（或一个未使用的恢复码）确认。',
  unbindNote: '解绑后登录时不再需要动态验证码。请输入当前的动态验证码（或一个未使用的恢复码）确认。',
} as const;

const APP_CODE_RULES = [
  { required: true, whitespace: true, message: M.totpCodeRequired },
  { pattern: /^\s*\d{6}\s*$/, message: M.totpCodeFormat },
];
const CONFIRM_CODE_RULES = [
  { required: true, whitespace: true, message: M.totpCodeRequired },
  {
    validator: (_: unknown, value: string | undefined) => {
      const v = (value ?? '').trim();
      return !v || /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v)
        ? Promise.resolve()
        : Promise.reject(new Error(M.totpCodeFormat));
    },
  },
];

type CodeForm = { passcode: string };

/** Binding: a new secret as a QR code, its first code, then the ten recovery codes shown once. */
function BindModal({ open, onClose, onBound }: { open: boolean; onClose: () => void; onBound: () => void }) {
  const [form] = Form.useForm<CodeForm>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const username = useSessionStore((st) => st.userInfo?.username ?? st.username ?? '');
  const setup = useQuery({
    queryKey: ['account-totp-setup'],
    queryFn: async (): Promise<TotpSetup> => (await startTotpSetup()).result,
    enabled: open,
    // One secret per opening: a refetch would replace the secret the user has just scanned.
    staleTime: Infinity,
    refetchOnReconnect: false,
    gcTime: 0,
    retry: false,
  });
  const enable = useMutation({
    mutationFn: (values: CodeForm) => enableTotp(values.passcode.trim()),
    onSuccess: (res) => {
      setCodes(res.result.recoveryCodes);
      onBound();
    },
    onError: (error) => form.setFields([{ name: 'passcode', errors: [errorMessage(error)] }]),
  });
  const close = () => {
    setCodes(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={codes ? TOTP_TEXT.codesTitle : TOTP_TEXT.bind}
      onCancel={codes ? undefined : close}
      closable={!codes}
      maskClosable={false}
      destroyOnHidden
      footer={null}
    >
      {codes ? (
        <RecoveryCodes codes={codes} username={username} confirmText={TOTP_TEXT.done} onConfirm={close} />
      ) : setup.isError ? (
        <Alert type="warning" showIcon title={errorMessage(setup.error)} />
      ) : !setup.data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{TOTP_TEXT.scan}</Typography.Paragraph>
          <QRCode value={setup.data.uri} type="svg" size={180} />
          <Typography.Text>
            {TOTP_TEXT.secret}：
            <Typography.Text code copyable>
              {setup.data.secret}
            </Typography.Text>
          </Typography.Text>
          <Form form={form} layout="vertical" onFinish={(v) => enable.mutate(v)}>
            <Form.Item label={TOTP_TEXT.appCode} name="passcode" rules={APP_CODE_RULES}>
              <Input maxLength={TOTP.digits} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              {TOTP_TEXT.confirmBind}
            </Button>
          </Form>
        </Space>
      )}
    </Modal>
  );
}

type Action = 'renew' | 'unbind';

/** Renewing the recovery codes or unbinding, each proved with a current code. */
function ConfirmModal({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeForm>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const username = useSessionStore((st) => st.userInfo?.username ?? st.username ?? '');
  const run = useMutation({
    mutationFn: async ({ passcode }: CodeForm) => {
      const code = passcode.trim();
      return action === 'renew' ? renewRecoveryCodes(code) : disableTotp(code);
    },
    onSuccess: (res) => {
      message.success(res.message);
      onDone();
      const renewed = (res.result as { recoveryCodes?: string[] } | null)?.recoveryCodes;
      if (renewed) setCodes(renewed);
      else close();
    },
    onError: (error) => form.setFields([{ name: 'passcode', errors: [errorMessage(error)] }]),
  });
  const close = () => {
    setCodes(null);
    form.resetFields();
    onClose();
  };
  const title = action === 'renew' ? TOTP_TEXT.renew : TOTP_TEXT.unbind;

  return (
    <Modal
      open
      title={codes ? TOTP_TEXT.codesTitle : title}
      onCancel={codes ? undefined : close}
      closable={!codes}
      maskClosable={false}
      destroyOnHidden
      // The codes carry their own confirmation (我已妥善保存).
      footer={codes ? null : undefined}
      okButtonProps={{ danger: action === 'unbind', loading: run.isPending }}
      onOk={() => form.submit()}
    >
      {codes ? (
        <RecoveryCodes codes={codes} username={username} confirmText={TOTP_TEXT.done} onConfirm={close} />
      ) : (
        <>
          <Typography.Paragraph>{action === 'renew' ? TOTP_TEXT.renewNote : TOTP_TEXT.unbindNote}</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={(v) => run.mutate(v)}>
            <Form.Item label={TOTP_TEXT.confirmCode} name="passcode" rules={CONFIRM_CODE_RULES}>
              <Input maxLength={11} autoComplete="one-time-code" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

function StatusView({ status }: { status: TotpStatus }) {
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="状态">
        {status.enabled ? (
          <Space>
            <Tag color="success">{TOTP_TEXT.enabled}</Tag>
            {status.enabledTime && TOTP_TEXT.since(status.enabledTime)}
          </Space>
        ) : (
          <Tag>{TOTP_TEXT.disabled}</Tag>
        )}
      </Descriptions.Item>
      {status.enabled && (
        <Descriptions.Item label="恢复码">{TOTP_TEXT.codesLeft(status.recoveryCodesLeft)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** 个人中心 → 二次验证: the caller's own authenticator (TOTP). */
export function TotpCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['account-totp'], queryFn: fetchTotpStatus });
  const [binding, setBinding] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['account-totp'] });
  const s = status.data;

  return (
    <Card title={TOTP_TEXT.title}>
      {status.isError ? (
        <Alert type="warning" showIcon title={errorMessage(status.error)} />
      ) : !s ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {TOTP_TEXT.intro}
          </Typography.Paragraph>
          {s.required && (
            <Alert
              type={s.enabled ? 'info' : 'warning'}
              showIcon
              title={s.enabled ? TOTP_TEXT.required : TOTP_TEXT.requiredMissing}
            />
          )}
          <StatusView status={s} />
          <Space>
            {!s.enabled && (
              <Button type="primary" onClick={() => setBinding(true)}>
                {TOTP_TEXT.bind}
              </Button>
            )}
            {s.enabled && <Button onClick={() => setAction('renew')}>{TOTP_TEXT.renew}</Button>}
            {s.enabled && !s.required && (
              <Button danger onClick={() => setAction('unbind')}>
                {TOTP_TEXT.unbind}
              </Button>
            )}
          </Space>
        </Space>
      )}
      {/* Mounted only while open: every opening asks for a new secret, and shown codes leave the page. */}
      {binding && <BindModal open onClose={() => setBinding(false)} onBound={reload} />}
      {action && <ConfirmModal action={action} onClose={() => setAction(null)} onDone={reload} />}
    </Card>
  );
}
