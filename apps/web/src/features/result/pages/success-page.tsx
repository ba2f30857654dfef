import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { HOME_PATH } from '@district/shared';

export function SuccessPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title="提交成功"
      subTitle="提交结果页用于反馈一系列操作任务的处理结果。"
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
