import { useEffect, useRef, useState } from 'react';
import { Modal, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { feedback } from '@/lib/feedback';
import { getFileAccessHttpUrl } from '@/lib/request';
import { pathFromResponse, uploadCommon } from './upload-api';
import { reportUploadFailure } from './upload-error';
import { baseName, checkImageMime, joinPaths, keepLast, splitPaths } from './upload-rules';

export interface ImageUploadProps {
  /** Stored image path(s), comma-joined when several. */
  value?: string;
  onChange?: (value: string) => void;
  /** Business path on the server: 'avatar' for user avatars, default 'image'. */
  bizPath?: string;
  /** Several images (default one: a new upload replaces the old). */
  isMultiple?: boolean;
  /** With isMultiple, how many are kept: 0 is unlimited, otherwise the last N. */
  number?: number;
  /** The answer's field holding the stored path (default message). */
  responseName?: string;
  disabled?: boolean;
  text?: string;
}

type Item = UploadFile & { path?: string };

const fromPath = (path: string): Item => ({
  uid: `stored:${path}`,
  name: baseName(path),
  status: 'done',
  url: getFileAccessHttpUrl(path),
  path,
});

/**
 * Image (and avatar) upload with thumbnails and a preview. Uploads through /sys/common/upload
 * (isup=1 + biz) and keeps the stored path(s) as the value; only image types are accepted.
 */
export function ImageUpload({
  value,
  onChange,
  bizPath = 'image',
  isMultiple = false,
  number = 0,
  responseName = 'message',
  disabled,
  text = '上传',
}: ImageUploadProps) {
  const [items, setItems] = useState<Item[]>(() => splitPaths(value).map(fromPath));
  const [preview, setPreview] = useState<string | null>(null);
  const itemsRef = useRef(items);
  const emitted = useRef(value ?? '');
  const limit = isMultiple ? number : 1;

  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    const rebuilt = splitPaths(next).map(fromPath);
    itemsRef.current = rebuilt;
    setItems(rebuilt);
  }, [value]);

  const commit = (update: (current: Item[]) => Item[]) => {
    const next = keepLast(update(itemsRef.current), limit);
    itemsRef.current = next;
    setItems(next);
    const joined = joinPaths(next.filter((i) => i.status === 'done' && i.path).map((i) => i.path!));
    if (joined !== emitted.current) {
      emitted.current = joined;
      onChange?.(joined);
    }
  };
  const patch = (uid: string, change: Partial<Item>) =>
    commit((current) => current.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = checkImageMime(file);
    if (refusal) {
      feedback.message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    commit((current) => [...current, { uid: raw.uid, name: raw.name, status: 'uploading', percent: 0 }]);
    void uploadCommon(raw, { bizPath, onProgress: (percent) => patch(raw.uid, { percent }) })
      .then((res) => {
        const path = res.success ? pathFromResponse(res, responseName) : '';
        if (!path) throw res;
        patch(raw.uid, { status: 'done', path, url: getFileAccessHttpUrl(path), percent: 100 });
      })
      .catch((error: unknown) => {
        const text = reportUploadFailure(error);
        patch(raw.uid, { status: 'error', error: { message: text } });
      });
  };

  return (
    <>
      <Upload
        className="app-image-upload"
        listType="picture-card"
        accept="image/*"
        fileList={items}
        multiple={isMultiple}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(file) => {
          commit((current) => current.filter((i) => i.uid !== file.uid));
          return false;
        }}
        onPreview={(file) => setPreview(file.url ?? null)}
        showUploadList={{ showRemoveIcon: !disabled }}
      >
        {disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{text}</div>
          </button>
        )}
      </Upload>
      <Modal open={preview !== null} title="图片预览" footer={null} onCancel={() => setPreview(null)}>
        {preview ? <img alt="预览" src={preview} style={{ width: '100%' }} /> : null}
      </Modal>
    </>
  );
}
