import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Result, Skeleton } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { timeFix } from '@district/shared';
import { errorMessage } from '../../../lib/errors';
import { useSessionStore } from '../../../lib/session-store';
import { getFileAccessHttpUrl } from '../../../lib/request';
import { fetchCurrentUserCard } from '../api/dashboard-api';

const orDash = (value: string | null | undefined) => value || '-';

/** Interim dashboard: the signed-in user's own card, every figure read from the server. */
export function AnalysisPage() {
  const avatar = useSessionStore((s) => s.userInfo?.avatar);
  const query = useQuery({ queryKey: ['current-user-card'], queryFn: fetchCurrentUserCard });

  if (query.isPending) {
    return (
      <Card>
        <Skeleton active avatar />
      </Card>
    );
  }
  if (query.isError)
    return <Result status="warning" title="无法读取当前用户信息" subTitle={errorMessage(query.error)} />;

  const user = query.data;
  return (
    <Card
      title={
        <span className="dashboard-greeting">
          <Avatar src={getFileAccessHttpUrl(avatar) || undefined} icon={<UserOutlined />} style={{ marginRight: 12 }} />
          {timeFix()}，{user.realname || user.username}
        </span>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'realname', label: '姓名', children: orDash(user.realname) },
          { key: 'username', label: '用户名', children: orDash(user.username) },
          { key: 'depart', label: '部门', children: orDash(user.departName) },
          { key: 'position', label: '岗位', children: orDash(user.positionName) },
          { key: 'tenant', label: '租户', children: orDash(user.tenantName) },
          { key: 'lastLoginTime', label: '上次登录时间', children: orDash(user.lastLoginTime) },
          { key: 'lastLoginIp', label: '上次登录IP', children: orDash(user.lastLoginIp) },
        ]}
      />
    </Card>
  );
}
