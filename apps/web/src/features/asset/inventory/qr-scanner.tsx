import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal } from 'antd';

export const QR_SCANNER_TEXT = {
  title: '扫描资产卡片二维码',
  hint: '将资产卡片上的二维码对准取景框',
  cancel: '取消',
  noCamera: '无法打开摄像头，请检查浏览器的摄像头权限，或改用输入编号',
} as const;

const T = QR_SCANNER_TEXT;

/**
 * The camera (the back one on a phone) in a full-screen dialog; the first QR code read is handed over and the
 * camera stops. @zxing/browser is imported only when the dialog opens, so it is not in any page's first chunk.
 */
export function QrScanner({
  open,
  onResult,
  onClose,
}: {
  open: boolean;
  onResult: (text: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    if (!open) return;
    setError(null);
    let stopped = false;
    let stop: (() => void) | null = null;
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' }, audio: false },
          video.current,
          (result, _err, ctl) => {
            if (!result || stopped) return;
            stopped = true;
            ctl.stop();
            onResultRef.current(result.getText());
          },
        );
        if (stopped) controls.stop();
        else stop = () => controls.stop();
      } catch {
        if (!stopped) setError(T.noCamera);
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, [open]);

  return (
    <Modal
      open={open}
      title={T.title}
      onCancel={onClose}
      footer={
        <Button block size="large" onClick={onClose}>
          {T.cancel}
        </Button>
      }
      width="100%"
      style={{ top: 0, maxWidth: 480, padding: 0 }}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            style={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', background: '#000', borderRadius: 8 }}
          />
          <div style={{ textAlign: 'center', color: '#8c8c8c', marginTop: 8 }}>{T.hint}</div>
        </>
      )}
    </Modal>
  );
}
