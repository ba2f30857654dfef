import { useEffect, useRef, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Modal, Progress, Space, Tag } from 'antd';
import {
  OSS_API,
  OSS_FILE_RESOURCE as R,
  PERM,
  STORAGE_LABELS,
  type ApiResponse,
  type OssFile,
} from '@district/shared';
import { ListPage } from '@/components/list-page/list-page';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { getBlob, http, saveBlob } from '@/lib/request';
import { formatBytes } from '../api/ops-api';

export const OSS_TEXT = {
  upload: '上传文件',
  preview: '预览',
  download: '下载',
  uploading: '正在上传',
  previewTitle: '文件预览',
  note: '本租户上传的文件（业务表单与本页上传），存于配置的存储：本地目录或 S3 兼容的对象存储。仍被记录使用的文件不能删除。',
} as const;

const PREVIEWABLE = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

const COLUMNS: ColumnPick<OssFile, typeof R>[] = [
  'originalName',
  'mime',
  { ...columnOf<OssFile>(R, 'fileSize'), align: 'right', render: (v: number) => formatBytes(v) },
  {
    ...columnOf<OssFile>(R, 'storage'),
    render: (v: string) => <Tag color={v === 's3' ? 'blue' : 'default'}>{STORAGE_LABELS[v] ?? v}</Tag>,
  },
  'biz',
  'createBy',
  'createTime',
];

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'originalName',
  'createBy',
  {
    kind: 'select',
    field: 'storage',
    label: R.fields.storage.title,
    options: Object.entries(STORAGE_LABELS).map(([value, label]) => ({ value, label })),
  },
  'createTime',
];

/** Uploads one file with the byte progress, then reloads the list. */
function UploadButton({ api }: { api: ListPageApi<OssFile> }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const send = async (file: File) => {
    const form = new FormData();
    form.append('biz', 'file');
    form.append('file', file, file.name);
    setPercent(0);
    try {
      const res = await http.post<ApiResponse<OssFile>>(OSS_API.upload, form, {
        silent: true,
        // Large files take longer than the default request timeout.
        timeout: 0,
        onUploadProgress: (e) => {
          if (e.total) setPercent(Math.min(100, Math.round((e.loaded / e.total) * 100)));
        },
      });
      if (!res.data.success) throw new Error(res.data.message);
      void message.success(res.data.message || '上传成功');
      api.reload();
    } catch (error) {
      void message.error(errorMessage(error, '上传失败'));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="oss-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        type="primary"
        icon={<UploadOutlined />}
        loading={percent !== null}
        onClick={() => input.current?.click()}
      >
        {OSS_TEXT.upload}
      </Button>
      {percent !== null && (
        <Space size={4} aria-label={OSS_TEXT.uploading}>
          <span>{OSS_TEXT.uploading}</span>
          <Progress percent={percent} size="small" style={{ width: 160 }} />
        </Space>
      )}
    </Space>
  );
}

/** The bytes of a row as an object URL of our origin (the download route needs the token, so no plain link). */
function usePreview() {
  const [preview, setPreview] = useState<{ row: OssFile; url: string } | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  return [preview, setPreview] as const;
}

/** 对象存储: the tenant's uploaded files, wherever stored; preview, download, delete (unless in use), upload. */
export function OssFileListPage() {
  const { message } = App.useApp();
  const can = useHasPermission();
  const [preview, setPreview] = usePreview();

  const fetchBytes = async (row: OssFile) => {
    const blob = await getBlob(OSS_API.download, { id: row.id });
    // The server checked the content on upload; the type comes from the row, not from the answer.
    return new Blob([blob], { type: row.mime });
  };
  const open = async (row: OssFile) => {
    try {
      setPreview({ row, url: URL.createObjectURL(await fetchBytes(row)) });
    } catch (error) {
      void message.error(errorMessage(error, '预览失败'));
    }
  };
  const download = async (row: OssFile) => {
    try {
      saveBlob(await fetchBytes(row), row.originalName);
    } catch (error) {
      void message.error(errorMessage(error, '下载失败'));
    }
  };

  return (
    <Card size="small">
      <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 8 }}>{OSS_TEXT.note}</div>
      <ListPage<OssFile, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        toolbarExtra={(api) => (can(PERM.ossUpload) ? <UploadButton api={api} /> : null)}
        rowActions={(row) =>
          can(PERM.ossDownload) ? (
            <Space size={8}>
              {PREVIEWABLE.test(row.mime) && <a onClick={() => void open(row)}>{OSS_TEXT.preview}</a>}
              <a onClick={() => void download(row)}>{OSS_TEXT.download}</a>
            </Space>
          ) : null
        }
      />
      <Modal
        open={preview !== null}
        title={`${OSS_TEXT.previewTitle}：${preview?.row.originalName ?? ''}`}
        width={preview?.row.mime === 'application/pdf' ? 900 : 640}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview &&
          (preview.row.mime === 'application/pdf' ? (
            <iframe
              title={preview.row.originalName}
              src={preview.url}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
          ) : (
            <img
              alt={preview.row.originalName}
              src={preview.url}
              style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
            />
          ))}
      </Modal>
    </Card>
  );
}
