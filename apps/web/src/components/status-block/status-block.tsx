import type { ReactNode } from 'react';
import { theme } from 'antd';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';

interface StatusBlockProps {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * A small result block for the shell's own failures (guard, page boundary). antd's Result carries
 * large illustrations; keeping it out of the entry chunk keeps the login page light.
 */
export function StatusBlock({ status, title, subTitle, extra }: StatusBlockProps) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color: status === 'error' ? token.colorError : token.colorWarning }} />
      <div style={{ marginTop: 24, fontSize: 24, color: token.colorTextHeading }}>{title}</div>
      {subTitle && <div style={{ marginTop: 8, fontSize: 14, color: token.colorTextDescription }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </div>
  );
}
