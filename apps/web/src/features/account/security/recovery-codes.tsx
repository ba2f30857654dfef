import { useState } from 'react';
import { Alert, Button, Checkbox, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { feedback } from '@/lib/feedback';
import { saveBlob } from '@/lib/request';

interface RecoveryCodesProps {
  codes: string[];
  /** The account the codes belong to, named in the downloaded file. */
  username: string;
  confirmText?: string;
  onConfirm: () => void;
}

const fileText = (username: string, codes: string[]) =>
  [`账号 ${username} 的二次验证恢复码（每个只能使用一次）：`, '', ...codes, ''].join('\n');

/**
 * The ten recovery codes, shown once: the user copies or downloads them and says so before going on (they are never
 * shown again; the server keeps hashes only).
 */
export function RecoveryCodes({ codes, username, confirmText = '继续', onConfirm }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      feedback.message.success('恢复码已复制');
    } catch {
      feedback.message.warning('复制失败，请手动抄写或下载');
    }
  };
  const download = () =>
    saveBlob(new Blob([fileText(username, codes)], { type: 'text/plain;charset=utf-8' }), `恢复码-${username}.txt`);

  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="请妥善保存以下恢复码"
        description="手机丢失或无法使用身份验证器时，可用恢复码代替动态验证码登录，每个恢复码只能使用一次。恢复码只显示这一次。"
        style={{ marginBottom: 16 }}
      />
      <ol aria-label="恢复码" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, paddingLeft: 28 }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          复制
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          下载为文本文件
        </Button>
      </Space>
      <div style={{ marginBottom: 16 }}>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
          我已妥善保存
        </Checkbox>
      </div>
      <Button type="primary" size="large" block disabled={!saved} onClick={onConfirm}>
        {confirmText}
      </Button>
    </div>
  );
}
