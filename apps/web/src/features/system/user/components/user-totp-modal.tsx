import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import type { UserRecord } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { fetchUserTotp, resetUserTotp } from '../api/user-api';

export const USER_TOTP_TEXT = {
  action: '重置二次验证',
  title: (name: string) => `重置二次验证：${name}`,
  bound: '已绑定',
  unbound: '未绑定',
  since: (time: string) => `绑定于 ${time}`,
  codesLeft: (n: number) => `剩余 ${n} 个`,
  required: '该用户的角色要求使用二次验证',
  notice: (name: string) =>
    `确定重置用户“${name}”的二次验证吗？适用于用户丢失手机等情况：其身份验证器与恢复码全部作废，登录会话立即结束；角色要求二次验证时，用户下次登录须重新绑定。`,
  none: '该用户尚未绑定身份验证器，无需重置。',
  confirm: '确定重置',
  close: '关闭',
} as const;

/** The user as an administrator knows them: 真实姓名（账号）. */
const nameOf = (user: Pick<UserRecord, 'username' | 'realname'>) =>
  user.realname && user.realname !== user.username ? `${user.realname}（${user.username}）` : user.username;

/** 用户管理 → 重置二次验证: whether the user has bound an authenticator, and its reset (a lost device). */
export function UserTotpModal({ user, onClose }: { user: UserRecord; onClose: () => void }) {
  const { message } = App.useApp();
  const status = useQuery({
    queryKey: ['user-totp', user.id],
    queryFn: () => fetchUserTotp(user.id),
    gcTime: 0,
    retry: false,
  });
  const reset = useMutation({
    mutationFn: () => resetUserTotp(user.id),
    onSuccess: (res) => {
      message.success(res.message);
      onClose();
    },
    // The request layer names the refusal.
    onError: () => undefined,
  });
  const s = status.data;
  const name = nameOf(user);

  return (
    <Modal
      open
      title={USER_TOTP_TEXT.title(name)}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{USER_TOTP_TEXT.close}</Button>
          {s?.enabled && (
            <Button danger type="primary" loading={reset.isPending} onClick={() => reset.mutate()}>
              {USER_TOTP_TEXT.confirm}
            </Button>
          )}
        </Space>
      }
    >
      {status.isError ? (
        <Alert type="warning" showIcon title={errorMessage(status.error)} />
      ) : !s ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="二次验证">
              {s.enabled ? (
                <Space>
                  <Tag color="success">{USER_TOTP_TEXT.bound}</Tag>
                  {s.enabledTime && USER_TOTP_TEXT.since(s.enabledTime)}
                </Space>
              ) : (
                <Tag>{USER_TOTP_TEXT.unbound}</Tag>
              )}
            </Descriptions.Item>
            {s.enabled && (
              <Descriptions.Item label="恢复码">{USER_TOTP_TEXT.codesLeft(s.recoveryCodesLeft)}</Descriptions.Item>
            )}
            {s.required && <Descriptions.Item label="角色要求">{USER_TOTP_TEXT.required}</Descriptions.Item>}
          </Descriptions>
          <Alert
            type={s.enabled ? 'warning' : 'info'}
            showIcon
            title={s.enabled ? USER_TOTP_TEXT.notice(name) : USER_TOTP_TEXT.none}
          />
        </Space>
      )}
    </Modal>
  );
}
