import { useRef } from 'react';
import { Progress } from 'antd';
import { UPLOAD_API, type ApiResponse } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { getFileAccessHttpUrl, http } from '@/lib/request';
import { pathFromResponse } from '@/components/upload/upload-api';
import { serverMessageOf, showCellUploadError } from '@/components/upload/upload-error';
import { checkImageMime } from '@/components/upload/upload-rules';
import { TABLE_MESSAGES } from './editable-table-constants';
import { RowIcon } from './row-icons';
import type { EditorProps } from './cell-editors';
import type { UploadCellValue } from './editable-table-types';

export function asUploadValue(value: unknown): UploadCellValue | null {
  if (typeof value === 'object' && value !== null && 'name' in value) return value as UploadCellValue;
  if (typeof value === 'string' && value !== '') {
    return { name: value.split('/').pop() ?? value, status: 'done', path: value };
  }
  return null;
}

/** Opens a stored file; a cell without a file warns 未知的文件. */
export function downloadCellFile(value: unknown): void {
  const file = asUploadValue(value);
  if (!file?.path) {
    feedback.message.warning(TABLE_MESSAGES.unknownFile);
    return;
  }
  window.open(getFileAccessHttpUrl(file.path), '_blank', 'noopener');
}

async function send(action: string | undefined, file: File, biz: string | undefined, onProgress: (p: number) => void) {
  const form = new FormData();
  form.append('isup', '1');
  if (biz) form.append('biz', biz);
  form.append('file', file, file.name);
  const response = await http.post<ApiResponse<unknown>>(action || UPLOAD_API.commonUpload, form, {
    silent: true,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return response.data;
}

/**
 * upload, file and image cells: the value follows the upload (uploading with percent, then done with
 * the stored path, or error with the message). Image cells take only image mime types.
 */
export function UploadCell({ column, value, control, disabled, onChange }: EditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const file = asUploadValue(value);
  const isImage = column.type === 'image';
  const responseName = column.responseName ?? 'message';

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    if (isImage) {
      const refused = checkImageMime(picked);
      if (refused) {
        feedback.message.warning(TABLE_MESSAGES.imageOnly);
        return;
      }
    }
    const base: UploadCellValue = {
      name: picked.name,
      type: picked.type,
      size: picked.size,
      status: 'uploading',
      percent: 0,
      responseName,
    };
    onChange(base);
    try {
      const biz = column.bizPath ?? (isImage ? 'temp' : undefined);
      const answer = await send(column.action, picked, biz, (percent) => onChange({ ...base, percent }));
      if (!answer.success) throw answer;
      onChange({ ...base, status: 'done', percent: 100, path: pathFromResponse(answer, responseName) });
    } catch (error) {
      const message = serverMessageOf(error) || TABLE_MESSAGES.uploadUnknownError;
      onChange({ ...base, status: 'error', message });
      showCellUploadError(message);
    }
  };

  const downloadButton = column.type === 'file' && column.allowDownload !== false && (
    <button type="button" className="et-icon-btn" aria-label="下载" onClick={() => downloadCellFile(value)}>
      <RowIcon name="download" />
    </button>
  );

  // Plain elements: this cell is shown in every row, and rows mount many times a second while scrolling.
  return (
    <span className="et-upload">
      <input
        ref={input}
        type="file"
        hidden
        accept={isImage ? 'image/*' : undefined}
        data-testid={`upload-input-${column.key}`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {file?.status === 'uploading' ? (
        <Progress type="circle" size={24} percent={file.percent ?? 0} />
      ) : file ? (
        <>
          {isImage && file.path ? (
            <img src={getFileAccessHttpUrl(file.path)} alt={file.name} style={{ height: 32, maxWidth: 48 }} />
          ) : (
            <span
              className={`et-upload-name${file.status === 'error' ? ' et-upload-name--error' : ''}`}
              title={file.name}
            >
              {file.name}
            </span>
          )}
          {downloadButton}
          {column.allowRemove !== false && !disabled && (
            <button type="button" className="et-icon-btn" aria-label="删除文件" onClick={() => onChange('')}>
              <RowIcon name="remove" />
            </button>
          )}
        </>
      ) : (
        <>
          <button
            type="button"
            className={`et-btn${control === 'small' ? ' et-btn--small' : ''}`}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <RowIcon name="upload" />
            <span>{column.btnText ?? (isImage ? '上传图片' : '上传文件')}</span>
          </button>
          {downloadButton}
        </>
      )}
    </span>
  );
}
