import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { HOME_PATH } from '@district/shared';

type ExceptionType = '403' | '404' | '500';

const TEXT: Record<ExceptionType, string> = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
};

export function ExceptionPage({ type }: { type: ExceptionType }) {
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={TEXT[type]}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}

export const Exception403Page = () => <ExceptionPage type="403" />;
export const Exception404Page = () => <ExceptionPage type="404" />;
export const Exception500Page = () => <ExceptionPage type="500" />;
