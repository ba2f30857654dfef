import { useState } from 'react';
import { Modal } from 'antd';
import { DEFAULT_BIZ_PATH } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { getFileAccessHttpUrl } from '@/lib/request';
import { Uploader } from './uploader';
import { UPLOAD_TEXT, type UploadFileType, type UploaderChangeItem } from './upload-rules';

/** File pop-up result (widgets-spec §3). */
export interface FilePopupResult {
  /** Original names, comma-joined. */
  name: string;
  /** Address of the first file. */
  url: string;
  /** Stored paths, comma-joined. */
  path: string;
  status: 'done';
  /** File ids, comma-joined. */
  id: string;
}

export interface FilePopupProps {
  open: boolean;
  onOk: (result: FilePopupResult) => void;
  onCancel: () => void;
  title?: string;
  /** Default 520 (widgets-spec §2). */
  width?: number;
  /** Body height, default 200. */
  height?: number;
  fileType?: UploadFileType;
  number?: number;
  bizPath?: string;
}

export const FILE_POPUP_SIZE = { width: 520, height: 200 } as const;

/** File pop-up: upload in a dialog; confirmed with nothing uploaded it says 未上传任何文件 and stays open. */
export function FilePopup({
  open,
  onOk,
  onCancel,
  title = '文件上传',
  width = FILE_POPUP_SIZE.width,
  height = FILE_POPUP_SIZE.height,
  fileType = 'all',
  number = 0,
  bizPath = DEFAULT_BIZ_PATH,
}: FilePopupProps) {
  const [value, setValue] = useState('');
  const [files, setFiles] = useState<UploaderChangeItem[]>([]);

  const confirm = () => {
    if (!value || files.length === 0) {
      feedback.message.error(UPLOAD_TEXT.noFileUploaded);
      return;
    }
    onOk({
      name: files.map((f) => f.srcFileName).join(','),
      url: getFileAccessHttpUrl(files[0].url),
      path: value,
      status: 'done',
      id: files.map((f) => f.file_id ?? '').join(','),
    });
    setValue('');
    setFiles([]);
  };

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onOk={confirm}
      onCancel={onCancel}
      styles={{ body: { height, overflowY: 'auto' } }}
    >
      <Uploader
        value={value}
        fileType={fileType}
        number={number}
        bizPath={bizPath}
        onChange={(next, list) => {
          setValue(next);
          setFiles(list);
        }}
      />
    </Modal>
  );
}
