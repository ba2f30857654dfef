import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { HOME_PATH } from '@district/shared';

export function ResultErrorPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title="提交失败"
      subTitle="请核对并修改信息后，再重新提交。"
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
