import { Link, useLocation } from 'react-router';
import { Result } from 'antd';
import { ACCOUNT_MESSAGES as M, LOGIN_PATH, type RegisterResult } from '@district/shared';

/** 注册结果: whether the new account can sign in now or waits for an administrator, with a link to login. */
export function RegisterResultPage() {
  const state = useLocation().state as (RegisterResult & { message?: string }) | null;
  if (!state?.username) {
    return <Result status="info" title="没有注册信息" extra={<Link to="/user/register">去注册</Link>} />;
  }
  return (
    <Result
      status={state.pending ? 'info' : 'success'}
      title={state.pending ? M.registerPending : M.registerDone}
      subTitle={
        state.pending
          ? `你的账户：${state.username} 已提交，管理员审核通过后即可登录。`
          : `你的账户：${state.username} 注册成功，现在可以登录了。`
      }
      extra={<Link to={LOGIN_PATH}>{state.pending ? '返回登录' : '立即登录'}</Link>}
    />
  );
}
