import { useEffect, useRef, useState } from 'react';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_BIZ_PATH } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { getFileAccessHttpUrl } from '@/lib/request';
import { uploadFile } from './upload-api';
import { reportUploaderFailure, uploadSuccessText, uploaderFailureText } from './upload-error';
import {
  acceptOf,
  baseName,
  checkFileType,
  fromUploaded,
  joinPaths,
  keepLast,
  shortName,
  splitPaths,
  type UploadFileType,
  type UploaderChangeItem,
  type UploaderItem,
} from './upload-rules';

export interface UploaderProps {
  /** Stored paths joined with commas. */
  value?: string;
  onChange?: (value: string, files: UploaderChangeItem[]) => void;
  /** Allowed file type; each has its own refusal message (widgets-spec §5). Default 'all'. */
  fileType?: UploadFileType;
  /** How many files are kept: 0 is unlimited, otherwise the last N (default 0). */
  number?: number;
  /** Business path (sub-folder on the server), default temp. */
  bizPath?: string;
  disabled?: boolean;
  buttonText?: string;
  /** Whether several files may be chosen at once (default true unless number is 1). */
  multiple?: boolean;
}

type Item = UploadFile & { meta: UploaderItem };

function toItem(meta: UploaderItem): Item {
  return {
    uid: meta.uid,
    // The list shows the first five characters of the name (widgets-spec §9).
    name: shortName(meta.srcFileName),
    status: meta.status,
    percent: meta.percent,
    url: meta.status === 'done' ? getFileAccessHttpUrl(meta.filePath) : undefined,
    error: meta.message ? { message: meta.message } : undefined,
    meta,
  };
}

function itemFromPath(path: string): Item {
  return toItem({
    uid: `stored:${path}`,
    fileName: baseName(path),
    srcFileName: baseName(path),
    url: path,
    filePath: path,
    status: 'done',
    percent: 100,
  });
}

function doneItems(items: readonly Item[]): UploaderItem[] {
  return items.filter((i) => i.meta.status === 'done' && i.meta.filePath).map((i) => i.meta);
}

/**
 * The uploader (a JUpload-like widget): uploads to /file/upload with the token header and biz path,
 * shows the percent while sending, and keeps the value as comma-joined paths. Removing a file only takes it
 * out of the value: the form may still be cancelled, so the server deletes a file once the saved record no
 * longer uses it (and sweeps uploads never saved).
 */
export function Uploader({
  value,
  onChange,
  fileType = 'all',
  number = 0,
  bizPath = DEFAULT_BIZ_PATH,
  disabled,
  buttonText = '点击上传',
  multiple,
}: UploaderProps) {
  const [items, setItems] = useState<Item[]>(() => splitPaths(value).map(itemFromPath));
  const itemsRef = useRef(items);
  const emitted = useRef(value ?? '');

  // A value set from outside (form reset, record loaded) rebuilds the list; our own echo does not.
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    const known = new Map(doneItems(itemsRef.current).map((m) => [m.filePath, m]));
    const rebuilt = splitPaths(next).map((p) => (known.has(p) ? toItem(known.get(p)!) : itemFromPath(p)));
    itemsRef.current = rebuilt;
    setItems(rebuilt);
  }, [value]);

  const commit = (update: (current: Item[]) => Item[]) => {
    const next = keepLast(update(itemsRef.current), number);
    itemsRef.current = next;
    setItems(next);
    const done = doneItems(next);
    const joined = joinPaths(done.map((m) => m.filePath));
    if (joined !== emitted.current) {
      emitted.current = joined;
      onChange?.(
        joined,
        done.map((m) => ({ srcFileName: m.srcFileName, url: m.url, file_id: m.file_id })),
      );
    }
  };

  const patch = (uid: string, change: Partial<UploaderItem>) =>
    commit((current) => current.map((i) => (i.uid === uid ? toItem({ ...i.meta, ...change }) : i)));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = checkFileType(fileType, file.name);
    if (refusal) {
      feedback.message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    const uid = raw.uid;
    commit((current) => [
      ...current,
      toItem({
        uid,
        fileName: raw.name,
        srcFileName: raw.name,
        url: '',
        filePath: '',
        status: 'uploading',
        percent: 0,
      }),
    ]);
    void uploadFile(raw, { bizPath, onProgress: (percent) => patch(uid, { percent }) })
      .then((res) => {
        const stored = res.result?.[0];
        if (!res.success || !stored) {
          const text = uploaderFailureText(raw.name, res.message);
          feedback.message.error(text);
          patch(uid, { status: 'error', message: res.message || text });
          return;
        }
        feedback.message.success(uploadSuccessText(raw.name));
        patch(uid, fromUploaded(uid, stored));
      })
      .catch((error: unknown) => {
        const text = reportUploaderFailure(error, raw.name);
        patch(uid, { status: 'error', message: text });
      });
  };

  const onRemove = (file: UploadFile) => {
    commit((current) => current.filter((i) => i.uid !== file.uid));
    return false;
  };

  const picture = fileType === 'image';
  return (
    <Upload
      className="app-uploader"
      fileList={items}
      accept={acceptOf(fileType)}
      multiple={multiple ?? number !== 1}
      disabled={disabled}
      listType={picture ? 'picture-card' : 'text'}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={onRemove}
      progress={{ size: 2, showInfo: true, format: (percent) => `${Math.round(percent ?? 0)}%` }}
      showUploadList={{ showRemoveIcon: !disabled }}
    >
      {disabled ? null : picture ? (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{buttonText}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>{buttonText}</Button>
      )}
    </Upload>
  );
}
