import { useState } from 'react';
import { App, Button, Card, Form, Input, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ONLINE_USER_API, PERM, type OnlineSession } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { getAction } from '@/lib/request';
import { forceLogout, type Page } from '../api/ops-api';

export const ONLINE_TEXT = {
  forceLogout: '强制退出',
  confirm: (name: string) => `确定强制“${name}”退出吗？该会话将立即失效。`,
  current: '当前会话',
} as const;

/** 在线用户: the live sessions of the token store (all instances), with force logout. */
export function OnlineUsersPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const [username, setUsername] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['ops', 'online', username, page],
    queryFn: async () =>
      (await getAction<Page<OnlineSession>>(ONLINE_USER_API.list, { username: username || undefined, ...page })).result,
    refetchInterval: 10_000,
  });

  const kick = (row: OnlineSession) =>
    modal.confirm({
      title: ONLINE_TEXT.forceLogout,
      content: ONLINE_TEXT.confirm(row.realname || row.username),
      onOk: async () => {
        try {
          const res = await forceLogout(row.id);
          void message.success(res.message);
          await query.refetch();
        } catch {
          // The request layer shows the refusal.
        }
      },
    });

  return (
    <Card size="small">
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: { username?: string }) => {
          setUsername(v.username?.trim() ?? '');
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item label="用户" name="username">
          <Input placeholder="账号或姓名" allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<OnlineSession>
        size="small"
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.records ?? []}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            title: '账号',
            dataIndex: 'username',
            render: (v: string, r) => (
              <>
                {v} {r.current && <Tag color="blue">{ONLINE_TEXT.current}</Tag>}
              </>
            ),
          },
          { title: '姓名', dataIndex: 'realname' },
          { title: 'IP 地址', dataIndex: 'ip', width: 140 },
          { title: '客户端', dataIndex: 'client', width: 180 },
          { title: '登录时间', dataIndex: 'loginTime', width: 170 },
          { title: '最后访问', dataIndex: 'lastSeen', width: 170 },
          { title: '过期时间', dataIndex: 'expireTime', width: 170 },
          ...(allowed(PERM.onlineForceLogout)
            ? [
                {
                  title: '操作',
                  key: 'action',
                  width: 100,
                  render: (_: unknown, r: OnlineSession) =>
                    r.current ? null : <a onClick={() => kick(r)}>{ONLINE_TEXT.forceLogout}</a>,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
