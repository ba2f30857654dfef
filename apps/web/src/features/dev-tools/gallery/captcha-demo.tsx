import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { SliderCaptcha } from '@/components/captcha/slider-captcha';

export default function CaptchaDemo() {
  const [round, setRound] = useState(0);
  const [passed, setPassed] = useState(false);
  return (
    <Space direction="vertical">
      <SliderCaptcha key={round} onSuccess={() => setPassed(true)} />
      <Space>
        <Typography.Text type={passed ? 'success' : 'secondary'}>{passed ? '已通过验证' : '尚未验证'}</Typography.Text>
        <Button
          size="small"
          onClick={() => {
            setPassed(false);
            setRound((value) => value + 1);
          }}
        >
          重置
        </Button>
      </Space>
    </Space>
  );
}
