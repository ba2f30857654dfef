import { Link } from 'react-router';
import { Result } from 'antd';
import { HOME_PATH } from '@district/shared';

/** The /test/home route exists for integration checks; it has no business content. */
export function TestHomePage() {
  return (
    <Result
      status="info"
      title="测试首页"
      subTitle="此页面仅用于联调测试"
      extra={<Link to={HOME_PATH}>返回首页</Link>}
    />
  );
}
