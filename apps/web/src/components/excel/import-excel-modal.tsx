import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { AxiosError } from 'axios';
import {
  IMPORT_MESSAGES,
  importProgressUrl,
  type ApiResponse,
  type ImportProgress,
  type ImportResult,
  type ImportResumeMode,
} from '@district/shared';
import { feedback } from '@/lib/feedback';
import { http } from '@/lib/request';
import { downloadImportReport } from './export-xls';

/** widgets-spec §5: the import dialog accepts .xls and .xlsx. */
export const IMPORT_ACCEPT = '.xls,.xlsx';
export const IMPORT_REPORT_LINK = '下载错误报告';
/** The server's own refusal text, shown before sending a file it would refuse. */
export const IMPORT_WRONG_TYPE = '文件格式有误，仅支持 .xls 和 .xlsx 文件';

export interface ImportExcelModalProps {
  open: boolean;
  /** POST endpoint receiving multipart `files[]`. */
  url: string;
  onClose: () => void;
  /** Called after a (possibly partial) import, so the list reloads. */
  onOk?: (result: ImportResult | null) => void;
  /** Extra form fields of master/detail imports. */
  isSingleTableImport?: boolean;
  foreignKeys?: string;
  /** What the file should hold (its columns, a template), shown above the file choice. */
  hint?: ReactNode;
}

/** How often the server is asked how far the import is, once the file has arrived. */
export const IMPORT_POLL_MS = 700;
/**
 * After a lost answer, how long the dialog keeps asking how the import ended: the server calls a run stopped
 * once its instance has been silent for 20 s.
 */
export const IMPORT_SETTLE_MS = 60_000;

/** An id for this import's progress (getRandomValues also works outside secure contexts, unlike randomUUID). */
function newImportId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** While the server works through the rows: asks how far it is until `importId` is null. */
function useImportProgress(importId: string | null): ImportProgress | null {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { data } = await http.get<ApiResponse<ImportProgress | null>>(importProgressUrl(importId), {
          silent: true,
        });
        if (!stopped && data.result) setProgress(data.result);
      } catch {
        // A missed answer only delays the figure; the import's own answer decides.
      }
      if (!stopped) timer = setTimeout(() => void poll(), IMPORT_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId]);
  return progress;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readProgress(importId: string): Promise<ImportProgress | null> {
  try {
    const { data } = await http.get<ApiResponse<ImportProgress | null>>(importProgressUrl(importId), { silent: true });
    return data.result ?? null;
  } catch {
    return null;
  }
}

/**
 * How an import ended whose request failed: the server's record of it, kept when the answer was lost (the
 * instance died, a proxy cut the connection). With `wait`, asks until the run is over (or IMPORT_SETTLE_MS).
 */
async function importOutcome(importId: string, wait: boolean): Promise<ImportProgress | null> {
  const until = Date.now() + IMPORT_SETTLE_MS;
  for (;;) {
    const progress = await readProgress(importId);
    if (!progress || progress.phase === 'done' || progress.phase === 'failed') return progress;
    if (!wait || Date.now() >= until) return progress;
    await sleep(IMPORT_POLL_MS);
  }
}

function responseBody(error: unknown): Partial<ApiResponse<unknown>> | undefined {
  return error instanceof AxiosError ? (error.response?.data as Partial<ApiResponse<unknown>> | undefined) : undefined;
}

/** A refusal (409) that names an earlier, stopped import of the same file, with its progress. */
function refusedForEarlierRun(error: unknown): ImportProgress | null {
  const result = responseBody(error)?.result as Partial<ImportProgress> | null | undefined;
  return result && result.resumable === true && typeof result.success === 'number' ? (result as ImportProgress) : null;
}

function serverMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiResponse> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return '';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Partial import (code 201): the message and a link to the per-row error report, until closed. */
function showPartialImport(message: string, result: ImportResult | null) {
  const reportUrl = result?.errorReportUrl;
  feedback.notification.warning({
    title: IMPORT_MESSAGES.title,
    duration: 0,
    description: (
      <span>
        {message}
        {reportUrl && (
          <>
            {' '}
            <a
              href={reportUrl}
              onClick={(event) => {
                // The report is behind the token header, so it is fetched, not followed.
                event.preventDefault();
                void downloadImportReport(reportUrl);
              }}
            >
              {IMPORT_REPORT_LINK}
            </a>
          </>
        )}
      </span>
    ),
  });
}

/**
 * 导入EXCEL: choose one .xls/.xlsx file and upload it with progress (widgets-spec §2, §4, §8): the bytes sent,
 * then the rows the server has processed (polled with this import's own id while the request runs).
 */
export function ImportExcelModal({
  open,
  url,
  onClose,
  onOk,
  isSingleTableImport,
  foreignKeys,
  hint,
}: ImportExcelModalProps) {
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState(0);
  // Set once the upload is complete: the server is reading and importing the rows.
  const [processingId, setProcessingId] = useState<string | null>(null);
  const progress = useImportProgress(processingId);
  // The answer was lost: asking the server how the import ended.
  const [checking, setChecking] = useState(false);
  // An import of this file stopped with rows committed: continue (skipping them) or restart.
  const [interrupted, setInterrupted] = useState<{ imported: number } | null>(null);

  // Opening clears the file list (widgets-spec §4).
  useEffect(() => {
    if (open) {
      setFileList([]);
      setPercent(0);
      setInterrupted(null);
    }
  }, [open]);

  const finish = (message: string, code: number, result: ImportResult | null) => {
    if (code === 201) showPartialImport(message, result);
    else feedback.message.success(message);
    setFileList([]);
    setInterrupted(null);
    onClose();
    onOk?.(result);
  };

  const start = async (resume?: ImportResumeMode) => {
    const item = fileList[0];
    const file = item?.originFileObj ?? (item as unknown as File | undefined);
    if (!item || !file) return;
    const form = new FormData();
    form.append('files[]', file, item.name);
    if (isSingleTableImport !== undefined) form.append('isSingleTableImport', String(isSingleTableImport));
    if (foreignKeys) form.append('foreignKeys', foreignKeys);
    setUploading(true);
    setPercent(0);
    const importId = newImportId();
    try {
      const { data } = await http.post<ApiResponse<ImportResult | null>>(url, form, {
        params: resume ? { importId, resume } : { importId },
        // Failures are shown here as warnings (widgets-spec §8), not by the central handler.
        silent: true,
        onUploadProgress: (event) => {
          if (!event.total) return;
          setPercent(Math.min(100, Math.round((event.loaded / event.total) * 100)));
          if (event.loaded >= event.total) setProcessingId(importId);
        },
      });
      if (!data.success) {
        feedback.message.warning(data.message || IMPORT_MESSAGES.failed(item.name, '导入失败'));
        return;
      }
      finish(data.message || IMPORT_MESSAGES.uploaded(item.name), data.code, data.result ?? null);
    } catch (error) {
      const earlier = refusedForEarlierRun(error);
      if (earlier) {
        setInterrupted({ imported: earlier.success });
        feedback.message.warning(serverMessage(error));
        return;
      }
      // Rows may be in although the request failed: the server's record says how far it got. Without an
      // answer (or with a proxy's 5xx) the import may even still be running, so the dialog waits for its end.
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      const lost = status === undefined || status >= 500;
      setChecking(lost);
      const outcome = await importOutcome(importId, lost);
      setChecking(false);
      if (outcome?.phase === 'done') {
        const result: ImportResult = { total: outcome.total, success: outcome.success, failed: outcome.failed };
        if (outcome.errorReportUrl) result.errorReportUrl = outcome.errorReportUrl;
        finish(IMPORT_MESSAGES.finished(outcome.success, outcome.failed), outcome.failed ? 201 : 200, result);
        return;
      }
      if (outcome?.resumable) {
        setInterrupted({ imported: outcome.success });
        feedback.message.warning(IMPORT_MESSAGES.interrupted(outcome.success));
        // The list shows the rows that are in.
        onOk?.(null);
        return;
      }
      feedback.message.warning(serverMessage(error) || IMPORT_MESSAGES.failed(item.name, reasonOf(error)));
    } finally {
      setUploading(false);
      setProcessingId(null);
      setChecking(false);
    }
  };

  const startButton = (
    <Button
      key="start"
      type="primary"
      disabled={fileList.length === 0}
      loading={uploading}
      onClick={() => void start()}
    >
      {uploading ? IMPORT_MESSAGES.uploading : IMPORT_MESSAGES.start}
    </Button>
  );
  const resumeButtons = interrupted
    ? [
        <Button key="restart" disabled={uploading} onClick={() => void start('restart')}>
          {IMPORT_MESSAGES.restart}
        </Button>,
        <Button key="resume" type="primary" loading={uploading} onClick={() => void start('continue')}>
          {uploading ? IMPORT_MESSAGES.uploading : IMPORT_MESSAGES.resume(interrupted.imported)}
        </Button>,
      ]
    : [startButton];

  return (
    <Modal
      title={IMPORT_MESSAGES.title}
      open={open}
      width={600}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {IMPORT_MESSAGES.close}
        </Button>,
        ...resumeButtons,
      ]}
    >
      {hint && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={hint} />}
      <Upload
        accept={IMPORT_ACCEPT}
        maxCount={1}
        fileList={fileList}
        disabled={uploading}
        beforeUpload={(file) => {
          if (!/\.xlsx?$/i.test(file.name)) {
            feedback.message.warning(IMPORT_WRONG_TYPE);
            return Upload.LIST_IGNORE;
          }
          setFileList([{ uid: file.uid, name: file.name, size: file.size, type: file.type, originFileObj: file }]);
          // Another file: the interrupted import it might continue was of the previous one.
          setInterrupted(null);
          // Sent by 开始上传, not on choice.
          return false;
        }}
        onRemove={() => {
          setFileList([]);
          setInterrupted(null);
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{IMPORT_MESSAGES.choose}</Button>
      </Upload>
      {interrupted && !uploading && (
        <Alert type="warning" showIcon title={IMPORT_MESSAGES.interrupted(interrupted.imported)} />
      )}
      {uploading && !processingId && <Progress percent={percent} size="small" aria-label="上传进度" />}
      {uploading && processingId && <ProcessingProgress progress={progress} />}
      {checking && <div role="status">{IMPORT_MESSAGES.checking}</div>}
    </Modal>
  );
}

/** The server's side: reading the file, then rows processed of the file's rows. */
function ProcessingProgress({ progress }: { progress: ImportProgress | null }) {
  const counting = !progress || progress.phase === 'reading';
  const total = progress?.total ?? 0;
  const processed = progress?.processed ?? 0;
  return (
    <div>
      <div>{counting ? IMPORT_MESSAGES.reading : IMPORT_MESSAGES.processing(processed, total)}</div>
      <Progress
        percent={total ? Math.min(100, Math.floor((processed / total) * 100)) : 0}
        size="small"
        status="active"
        aria-label="处理进度"
      />
    </div>
  );
}
