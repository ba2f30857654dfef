import { useState, type ReactNode } from 'react';
import { Button, Divider, Modal, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export const DETAIL_MODAL_WIDTH = 1200;

export interface DetailModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  width?: number;
  /** The record's own fields. */
  mainForm?: ReactNode;
  /** Child tables or related records shown below the main form. */
  subForm?: ReactNode;
  children?: ReactNode;
}

/** Read-only record view 详细信息: width 1200, can switch to full screen, main-form and sub-form slots. */
export function DetailModal({
  open,
  onClose,
  title = '详细信息',
  width = DETAIL_MODAL_WIDTH,
  mainForm,
  subForm,
  children,
}: DetailModalProps) {
  const [fullscreen, setFullscreen] = useState(false);
  const toggle = (
    <Tooltip title={fullscreen ? '退出全屏' : '全屏'}>
      <Button
        type="text"
        size="small"
        aria-label={fullscreen ? '退出全屏' : '全屏'}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setFullscreen((value) => !value)}
      />
    </Tooltip>
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, paddingInlineEnd: 32 }}>
          <span style={{ flex: 1 }}>{title}</span>
          {toggle}
        </div>
      }
      width={fullscreen ? '100vw' : width}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={fullscreen ? { body: { minHeight: 'calc(100vh - 110px)' } } : undefined}
      wrapClassName={fullscreen ? 'detail-modal-fullscreen' : undefined}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {mainForm}
      {mainForm && subForm ? <Divider /> : null}
      {subForm}
      {children}
    </Modal>
  );
}
