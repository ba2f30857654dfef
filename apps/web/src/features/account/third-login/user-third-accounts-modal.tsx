import { useEffect, useState } from 'react';
import { App, Button, Modal, Popconfirm, Table } from 'antd';
import type { ThirdAccountView } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { fetchUserThirdAccounts, unbindUserThirdAccount } from '../api/third-login-api';

/** Administrators: the third-party identities bound to a user, each with 解绑. Closed while `user` is null. */
export function UserThirdAccountsModal({
  user,
  onClose,
}: {
  user: { id: string; username: string } | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<ThirdAccountView[]>([]);
  const [loading, setLoading] = useState(false);

  const load = (userId: string) => {
    setLoading(true);
    fetchUserThirdAccounts(userId).then(
      (res) => {
        setRows(res.result ?? []);
        setLoading(false);
      },
      (error: unknown) => {
        message.warning(errorMessage(error));
        setLoading(false);
      },
    );
  };

  useEffect(() => {
    setRows([]);
    if (user) load(user.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user
  }, [user?.id]);

  const unbind = async (row: ThirdAccountView) => {
    try {
      const res = await unbindUserThirdAccount(row.id);
      message.success(res.message);
      if (user) load(user.id);
    } catch (error) {
      message.warning(errorMessage(error));
    }
  };

  return (
    <Modal
      open={user !== null}
      title={`第三方账号 - ${user?.username ?? ''}`}
      width={720}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<ThirdAccountView>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '尚未绑定第三方账号' }}
        columns={[
          { title: '登录方式', dataIndex: 'providerName' },
          { title: '第三方用户', dataIndex: 'displayName', render: (v: string | null, row) => v || row.subject },
          { title: '标识', dataIndex: 'subject', ellipsis: true },
          { title: '绑定时间', dataIndex: 'createTime' },
          {
            title: '操作',
            key: 'action',
            width: 80,
            render: (_: unknown, row) => (
              <Popconfirm title="确定解绑吗？" onConfirm={() => unbind(row)}>
                <Button type="link" danger size="small">
                  解绑
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
