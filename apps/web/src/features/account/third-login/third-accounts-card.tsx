import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Card, Descriptions, List, Modal, Popconfirm, Space, Typography } from 'antd';
import {
  MSG,
  THIRD_BIND_CODE_PARAM,
  THIRD_BIND_PARAM,
  THIRD_LOGIN_MESSAGES as M,
  type ThirdAccountView,
  type ThirdBindPreview,
  type ThirdProviderInfo,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import {
  confirmThirdBind,
  fetchMyThirdAccounts,
  fetchThirdBindPending,
  fetchThirdProviders,
  startThirdBind,
  thirdRenderUrl,
  unbindMyThirdAccount,
} from '../api/third-login-api';

/** Leaves the page for the provider; a seam the tests replace. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

// Anyone can write an address with a hash: only the server's own reasons are shown from it.
const KNOWN_REASONS = new Set<string>([...Object.values(M), MSG.accountFrozen]);

/**
 * 第三方账号 in 个人中心: the user's bound identities with 解绑, and 绑定 for each configured provider not bound yet
 * (the provider's sign-in comes back to this page, binding to the signed-in user). Hidden when there is nothing
 * to show.
 */
export function ThirdAccountsCard() {
  const { message } = App.useApp();
  const [accounts, setAccounts] = useState<ThirdAccountView[]>([]);
  const [providers, setProviders] = useState<ThirdProviderInfo[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [pending, setPending] = useState<{ code: string; preview: ThirdBindPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reported = useRef(false);

  const load = () =>
    void fetchMyThirdAccounts().then(
      (res) => setAccounts(res.result ?? []),
      () => undefined,
    );

  useEffect(() => {
    load();
    fetchThirdProviders().then(
      (res) => setProviders(res.result ?? []),
      () => undefined,
    );
  }, []);

  // Back from a bind started here: the server's reason it failed, or a code for what to confirm; read once and
  // dropped from the address. Read from the browser's own address: a workspace tab renders without the hash.
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const failure = params.get(THIRD_BIND_PARAM);
    const code = params.get(THIRD_BIND_CODE_PARAM);
    if ((!failure && !code) || reported.current) return;
    reported.current = true;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (failure) message.warning(KNOWN_REASONS.has(failure) ? failure : M.bindTicketInvalid);
    // Nothing is bound until the user has seen both accounts and confirmed.
    if (code)
      fetchThirdBindPending(code).then(
        (res) => setPending({ code, preview: res.result }),
        (error: unknown) => message.warning(errorMessage(error)),
      );
  }, [message]);

  const confirm = async () => {
    if (!pending) return;
    setConfirming(true);
    try {
      const res = await confirmThirdBind(pending.code);
      message.success(res.message || M.bound);
      load();
    } catch (error) {
      message.warning(errorMessage(error));
    } finally {
      setConfirming(false);
      setPending(null);
    }
  };

  const bind = async (key: string) => {
    setBusy(key);
    try {
      const res = await startThirdBind(key);
      navigation.assign(thirdRenderUrl(key, res.result.bindTicket));
    } catch (error) {
      message.warning(errorMessage(error));
      setBusy(null);
    }
  };

  const unbind = async (account: ThirdAccountView) => {
    try {
      const res = await unbindMyThirdAccount(account.id);
      message.success(res.message || M.unbound);
      load();
    } catch (error) {
      message.warning(errorMessage(error));
    }
  };

  const bound = new Set(accounts.map((a) => a.thirdType));
  const unboundProviders = providers.filter((p) => !bound.has(p.key));
  const preview = pending?.preview;
  // Mounted only while there is something to confirm: closing it leaves nothing behind.
  const confirmDialog = preview ? (
    <Modal
      open
      title="确认绑定第三方账号"
      okText="确认绑定"
      cancelText="取消"
      confirmLoading={confirming}
      onOk={() => void confirm()}
      onCancel={() => setPending(null)}
    >
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={`${preview.providerName}账号`}>
          {preview.displayName || preview.subject}
        </Descriptions.Item>
        <Descriptions.Item label="第三方标识">{preview.subject}</Descriptions.Item>
        <Descriptions.Item label="绑定到系统账号">
          {preview.realname ? `${preview.username}（${preview.realname}）` : preview.username}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">
        绑定后可使用该{preview.providerName}账号登录此系统账号。如果这不是您本人发起的绑定，请点击取消。
      </Typography.Text>
    </Modal>
  ) : null;
  // The confirmation may come before the lists have loaded.
  if (!accounts.length && !providers.length) return confirmDialog;
  return (
    <>
      <Card
        title="第三方账号"
        extra={
          unboundProviders.length > 0 && (
            <Space>
              {unboundProviders.map((p) => (
                <Button key={p.key} loading={busy === p.key} onClick={() => void bind(p.key)}>
                  绑定{p.name}
                </Button>
              ))}
            </Space>
          )
        }
      >
        <List<ThirdAccountView>
          dataSource={accounts}
          locale={{ emptyText: '尚未绑定第三方账号' }}
          renderItem={(account) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="unbind"
                  title={`确定解绑${account.providerName}账号吗？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => unbind(account)}
                >
                  <Button type="link" danger>
                    解绑
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar src={account.avatar || undefined}>{account.providerName.slice(0, 1)}</Avatar>}
                title={`${account.providerName}：${account.displayName || account.subject}`}
                description={`绑定时间：${account.createTime ?? '—'}`}
              />
            </List.Item>
          )}
        />
      </Card>
      {confirmDialog}
    </>
  );
}
