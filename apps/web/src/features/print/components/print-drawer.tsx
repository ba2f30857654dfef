import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Progress, Select, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PRINT_TEMPLATE_RESOURCE, type PrintSourceKey } from '@district/shared';
import { fetchOptions, fetchPrintData } from '../api/print-api';
import { generatePdf } from '../lib/generate-pdf';
import { isEmptyLayout, toPdfmeTemplate } from '../lib/pdf-template';

const PdfViewer = lazy(() => import('./pdf-viewer'));

export const PRINT_DRAWER_TEXT = {
  title: '打印',
  template: PRINT_TEMPLATE_RESOURCE.title,
  pickTemplate: `请选择${PRINT_TEMPLATE_RESOURCE.title}`,
  noTemplate: '没有可用于此数据的打印模板',
  selected: (n: number) => `已选择 ${n} 条记录，每条记录一页`,
  noRecords: '请先在列表中勾选要打印的记录',
  emptyTemplate: '所选模板还没有任何内容，打印出来是空白页：请先在“打印设计”中设计该模板，或选择其他模板',
  preview: '预览',
  download: '下载PDF',
  print: '打印',
  loading: '正在读取数据…',
  generating: (done: number, total: number) => `正在生成 PDF：${done} / ${total}`,
  done: (n: number, s: string) => `已生成 ${n} 页，用时 ${s} 秒`,
} as const;

export interface PrintDrawerProps {
  open: boolean;
  source: PrintSourceKey;
  /** Ids of the records to print, in list order. */
  ids: string[];
  /** The file name without extension. */
  fileName: string;
  onClose: () => void;
}

type Phase = { kind: 'idle' } | { kind: 'loading' } | { kind: 'generating'; done: number; total: number };

/**
 * The print drawer (打印) of a list page: pick a template of the list's source, preview the selected records
 * filled in, then print from the browser or download the PDF. The server answers only records the caller
 * may read; the PDF is generated in a worker with progress.
 */
export default function PrintDrawer({ open, source, ids, fileName, onClose }: PrintDrawerProps) {
  const { message } = App.useApp();
  const options = useQuery({ queryKey: ['print-options', source], queryFn: () => fetchOptions(source), enabled: open });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<Record<string, string>[] | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const chosen = useMemo(
    () => (options.data ?? []).find((t) => t.id === templateId) ?? null,
    [options.data, templateId],
  );
  const template = useMemo(() => (chosen ? toPdfmeTemplate(chosen) : null), [chosen]);
  // An empty template would print blank pages: warn and offer nothing to print.
  const empty = !!chosen && isEmptyLayout(chosen.layout);
  const usable = !!chosen && !empty && ids.length > 0;

  useEffect(() => {
    if (!templateId && options.data?.length) setTemplateId(options.data[0]!.id);
  }, [options.data, templateId]);
  useEffect(() => {
    setPreview(null);
    setResult(null);
  }, [templateId, ids]);

  const busy = phase.kind !== 'idle';

  const showPreview = async () => {
    if (!chosen || empty) return;
    setPhase({ kind: 'loading' });
    try {
      // The preview shows the first records; the PDF has them all.
      setPreview((await fetchPrintData(chosen.id, ids.slice(0, 50))).inputs);
    } catch {
      // The request layer shows the server's refusal.
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  const makePdf = async (): Promise<Blob | null> => {
    if (!chosen || empty) return null;
    setPhase({ kind: 'loading' });
    setResult(null);
    try {
      const { inputs } = await fetchPrintData(chosen.id, ids);
      setPhase({ kind: 'generating', done: 0, total: inputs.length });
      const { pdf, ms } = await generatePdf(chosen, inputs, (done, total) =>
        setPhase({ kind: 'generating', done, total }),
      );
      setResult(PRINT_DRAWER_TEXT.done(inputs.length, (ms / 1000).toFixed(1)));
      return pdf;
    } catch (error) {
      if (error instanceof Error && !('isAxiosError' in error)) void message.error(error.message);
      return null;
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  const download = async () => {
    const pdf = await makePdf();
    if (!pdf) return;
    const href = URL.createObjectURL(pdf);
    const link = document.createElement('a');
    link.href = href;
    link.download = `${fileName}-${chosen?.name ?? ''}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };

  // Prints through the browser's own PDF viewer in a hidden frame (its print dialog).
  const print = async () => {
    const pdf = await makePdf();
    if (!pdf) return;
    const href = URL.createObjectURL(pdf);
    const frame = document.createElement('iframe');
    frame.style.position = 'fixed';
    frame.style.width = '0';
    frame.style.height = '0';
    frame.style.border = '0';
    frame.src = href;
    frame.onload = () => frame.contentWindow?.print();
    document.body.appendChild(frame);
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(href);
    }, 10 * 60_000);
  };

  return (
    <Drawer
      title={PRINT_DRAWER_TEXT.title}
      open={open}
      onClose={onClose}
      size="large"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
      destroyOnHidden
    >
      <Space wrap>
        <span>{PRINT_DRAWER_TEXT.template}</span>
        <Select
          aria-label={PRINT_DRAWER_TEXT.template}
          style={{ minWidth: 240 }}
          placeholder={PRINT_DRAWER_TEXT.pickTemplate}
          loading={options.isLoading}
          value={templateId ?? undefined}
          onChange={setTemplateId}
          options={(options.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }))}
          notFoundContent={PRINT_DRAWER_TEXT.noTemplate}
        />
      </Space>
      {ids.length ? (
        <Typography.Text>{PRINT_DRAWER_TEXT.selected(ids.length)}</Typography.Text>
      ) : (
        <Alert type="warning" title={PRINT_DRAWER_TEXT.noRecords} showIcon />
      )}
      {empty && <Alert type="warning" title={PRINT_DRAWER_TEXT.emptyTemplate} showIcon />}
      <Space>
        <Button disabled={!usable || busy} onClick={showPreview}>
          {PRINT_DRAWER_TEXT.preview}
        </Button>
        <Button type="primary" disabled={!usable || busy} onClick={download}>
          {PRINT_DRAWER_TEXT.download}
        </Button>
        <Button disabled={!usable || busy} onClick={print}>
          {PRINT_DRAWER_TEXT.print}
        </Button>
      </Space>
      {phase.kind === 'loading' && <Spin description={PRINT_DRAWER_TEXT.loading} />}
      {phase.kind === 'generating' && (
        <div data-testid="print-progress">
          <Typography.Text>{PRINT_DRAWER_TEXT.generating(phase.done, phase.total)}</Typography.Text>
          <Progress percent={phase.total ? Math.floor((phase.done / phase.total) * 100) : 0} />
        </div>
      )}
      {result && <Alert type="success" title={result} showIcon />}
      <div style={{ flex: 1, minHeight: 480, border: '1px solid #f0f0f0' }}>
        {preview && template ? (
          <Suspense fallback={<Spin />}>
            <PdfViewer template={template} inputs={preview} />
          </Suspense>
        ) : (
          <Empty description={PRINT_DRAWER_TEXT.preview} style={{ marginTop: 120 }} />
        )}
      </div>
    </Drawer>
  );
}
