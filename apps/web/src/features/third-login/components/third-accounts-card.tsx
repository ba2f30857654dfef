import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Card, List, Popconfirm, Space } from 'antd';
import {
  THIRD_BIND_PARAM,
  THIRD_LOGIN_MESSAGES as M,
  type ThirdAccountView,
  type ThirdProviderInfo,
} from '@district/shared';
import { errorMessage } from '../../../lib/errors';
import {
  fetchMyThirdAccounts,
  fetchThirdProviders,
  startThirdBind,
  thirdRenderUrl,
  unbindMyThirdAccount,
} from '../api/third-login-api';

/** Leaves the page for the provider; a seam the tests replace. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

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

  // Back from a bind started here: `#thirdBind=ok` or the server's reason, shown once and dropped from the address.
  // Read from the browser's own address: a workspace tab renders at its path and query only (no hash).
  useEffect(() => {
    const outcome = new URLSearchParams(window.location.hash.slice(1)).get(THIRD_BIND_PARAM);
    if (!outcome || reported.current) return;
    reported.current = true;
    if (outcome === 'ok') message.success(M.bound);
    else message.warning(outcome);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [message]);

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
  if (!accounts.length && !providers.length) return null;
  return (
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
  );
}
