import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { SMS_LIMITS } from '@district/shared';

interface SmsCodeButtonProps {
  /** Sends the code; resolves true when the server accepted it (the countdown starts then). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}

/** 获取验证码, then a 60-second countdown before the code can be asked for again. */
export function SmsCodeButton({ onSend, disabled }: SmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(SMS_LIMITS.resendSeconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" disabled={disabled || left > 0} loading={sending} onClick={() => void send()}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
