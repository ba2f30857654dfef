import { useState } from 'react';
import { Form, Input, Modal, Tabs } from 'antd';
import { feedback } from '@/lib/feedback';
import { getFileAccessHttpUrl } from '@/lib/request';
import { ImageUpload } from './image-upload';

export interface ImageUploadResult {
  /** Address to show the image with: the static URL of an upload, or the network address as typed. */
  url: string;
  /** The stored path of a local upload; empty for a network address. */
  path: string;
  /** The note typed with the image (alt text). */
  note: string;
}

export interface ImageUploadDialogProps {
  open: boolean;
  onOk: (image: ImageUploadResult) => void;
  onCancel: () => void;
  /** Business path of local uploads, default 'editor'. */
  bizPath?: string;
}

type TabKey = 'local' | 'network';

const EMPTY = { path: '', localNote: '', address: '', networkNote: '' };

export const IMAGE_DIALOG_TEXT = {
  title: '图片上传',
  localTab: '本地图片上传',
  networkTab: '网络图片地址',
  note: '图片注释',
  address: '图片地址',
  noImage: '请先上传图片',
  noAddress: '请输入图片地址',
  badAddress: '图片地址必须以 http:// 或 https:// 开头',
} as const;

/** 图片上传 (widgets-spec §2): a local upload or a network address, each with a note; resets after confirm. */
export function ImageUploadDialog({ open, onOk, onCancel, bizPath = 'editor' }: ImageUploadDialogProps) {
  const [tab, setTab] = useState<TabKey>('local');
  const [state, setState] = useState(EMPTY);
  const set = (change: Partial<typeof EMPTY>) => setState((s) => ({ ...s, ...change }));

  const confirm = () => {
    if (tab === 'local') {
      if (!state.path) return void feedback.message.warning(IMAGE_DIALOG_TEXT.noImage);
      onOk({ url: getFileAccessHttpUrl(state.path), path: state.path, note: state.localNote.trim() });
    } else {
      const address = state.address.trim();
      if (!address) return void feedback.message.warning(IMAGE_DIALOG_TEXT.noAddress);
      if (!/^https?:\/\//i.test(address)) return void feedback.message.warning(IMAGE_DIALOG_TEXT.badAddress);
      onOk({ url: address, path: '', note: state.networkNote.trim() });
    }
    setState(EMPTY);
    setTab('local');
  };

  return (
    <Modal title={IMAGE_DIALOG_TEXT.title} open={open} onOk={confirm} onCancel={onCancel} destroyOnHidden={false}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'local',
            label: IMAGE_DIALOG_TEXT.localTab,
            children: (
              <Form layout="vertical" component="div">
                <Form.Item label={IMAGE_DIALOG_TEXT.localTab}>
                  <ImageUpload value={state.path} onChange={(path) => set({ path })} bizPath={bizPath} />
                </Form.Item>
                <Form.Item label={IMAGE_DIALOG_TEXT.note} htmlFor="image-dialog-local-note">
                  <Input
                    id="image-dialog-local-note"
                    value={state.localNote}
                    onChange={(e) => set({ localNote: e.target.value })}
                  />
                </Form.Item>
              </Form>
            ),
          },
          {
            key: 'network',
            label: IMAGE_DIALOG_TEXT.networkTab,
            children: (
              <Form layout="vertical" component="div">
                <Form.Item label={IMAGE_DIALOG_TEXT.address} htmlFor="image-dialog-address">
                  <Input
                    id="image-dialog-address"
                    placeholder="https://"
                    value={state.address}
                    onChange={(e) => set({ address: e.target.value })}
                  />
                </Form.Item>
                <Form.Item label={IMAGE_DIALOG_TEXT.note} htmlFor="image-dialog-network-note">
                  <Input
                    id="image-dialog-network-note"
                    value={state.networkNote}
                    onChange={(e) => set({ networkNote: e.target.value })}
                  />
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
