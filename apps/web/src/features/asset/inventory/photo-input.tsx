import { useRef, useState } from 'react';
import { App, Button, Image } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { INVENTORY_LIMITS } from '@district/shared';
import { pathFromResponse, uploadCommon } from '@/components/upload/upload-api';
import { errorMessage } from '@/lib/errors';
import { getFileAccessHttpUrl } from '@/lib/request';

export const PHOTO_TEXT = {
  add: '拍照/添加照片',
  failed: '照片上传失败',
  remove: '删除照片',
} as const;

/**
 * Photos of a finding: the phone's camera or gallery through a plain file input, each posted at once to the common
 * upload (folder asset); the stored paths are the value. Photos need the network; a finding without them is still
 * recorded and queued.
 */
export function PhotoInput({ value, onChange }: { value: string[]; onChange: (paths: string[]) => void }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    const paths = [...value];
    try {
      for (const file of Array.from(files).slice(0, INVENTORY_LIMITS.maxPhotos - value.length)) {
        const path = pathFromResponse(await uploadCommon(file, { bizPath: 'asset' }));
        if (path) paths.push(path);
      }
    } catch (error) {
      void message.error(`${PHOTO_TEXT.failed}：${errorMessage(error)}`);
    } finally {
      setUploading(false);
      onChange(paths);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="inventory-check-photos">
      {value.map((p) => (
        <span key={p} className="inventory-check-photo">
          <Image src={getFileAccessHttpUrl(p)} width={64} height={64} style={{ objectFit: 'cover' }} />
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={PHOTO_TEXT.remove}
            onClick={() => onChange(value.filter((x) => x !== p))}
          />
        </span>
      ))}
      {value.length < INVENTORY_LIMITS.maxPhotos && (
        <Button size="large" icon={<PictureOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {PHOTO_TEXT.add}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-label={PHOTO_TEXT.add}
        onChange={(e) => void add(e.target.files)}
      />
    </div>
  );
}
