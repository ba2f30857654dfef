import { Link } from 'react-router';
import { Result } from 'antd';
import { LOGIN_PATH } from '@district/shared';

/** Accounts are opened by an administrator: register and alteration pages say so. */
export function RegisterClosedPage() {
  return (
    <Result
      status="info"
      title="注册功能暂未开放，请联系管理员开通账号"
      extra={<Link to={LOGIN_PATH}>返回登录</Link>}
    />
  );
}
