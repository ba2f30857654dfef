import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Empty, Modal, Result, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Designer } from '@pdfme/ui';
import type { Template } from '@pdfme/common';
import {
  PRINT_FORMATS,
  PRINT_ROUTES,
  type PrintElement,
  type PrintField,
  type PrintSource,
  type PrintSourceKey,
} from '@district/shared';
import { getAction } from '../../../lib/request';
import {
  SOURCE_LIST_URLS,
  fetchPrintData,
  fetchSources,
  fetchTemplate,
  saveTemplate,
  type PrintTemplateRecord,
} from '../api/print-api';
import PdfViewer from '../components/pdf-viewer';
import {
  loadFont,
  PRINT_PLUGINS,
  completeElement,
  fontOf,
  fromPdfmeTemplate,
  toPdfmeTemplate,
} from '../lib/pdf-template';

export const DESIGNER_TEXT = {
  fields: '数据字段',
  save: '保存',
  preview: '预览',
  back: '返回',
  saved: '保存成功',
  pickRecord: '选择一条记录预览',
  hint: '拖动元素调整位置与大小；Ctrl+Z 撤销，Ctrl+Y 重做，Ctrl+C / Ctrl+V 复制粘贴，多选后可对齐；拖动时自动吸附参考线。',
} as const;

type AddKind = 'text' | 'qrcode' | 'code128' | 'image' | 'table';

/** A name for a new element bound to `binding` that no element of the page has yet (`binding#2`, …). */
function freeName(page: PrintElement[], binding: string): string {
  const taken = new Set(page.map((e) => e.name));
  if (!taken.has(binding)) return binding;
  for (let i = 2; ; i++) if (!taken.has(`${binding}#${i}`)) return `${binding}#${i}`;
}

/** Labels of a source's records for the preview's picker (first page of its list). */
const RECORD_LABEL: Record<PrintSourceKey, (r: Record<string, unknown>) => string> = {
  asset: (r) => `${String(r.code)} ${String(r.name)}`,
  ledger: (r) => `${String(r.eventDate)} ${String(r.type_dictText ?? r.type)}`,
  ticket: (r) => `${String(r.ticketNo)} ${String(r.holderName)}`,
  project: (r) => `${String(r.code)} ${String(r.name)}`,
};

/** 模板设计: pdfme's designer on the template's page, the source's fields to place, save and preview. */
export function PrintDesignerPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  const designer = useRef<Designer | null>(null);
  const [saving, setSaving] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [recordId, setRecordId] = useState<string | null>(null);
  const [inputs, setInputs] = useState<Record<string, string>[] | null>(null);
  const [saved, setSaved] = useState<PrintTemplateRecord | null>(null);

  const template = useQuery({ queryKey: ['print-template', id], queryFn: () => fetchTemplate(id), enabled: !!id });
  const sources = useQuery({ queryKey: ['print-sources'], queryFn: fetchSources });
  const source: PrintSource | undefined = useMemo(
    () => sources.data?.find((s) => s.key === template.data?.source),
    [sources.data, template.data],
  );

  useEffect(() => {
    const data = template.data;
    if (!data) return;
    let d: Designer | null = null;
    let gone = false;
    void loadFont().then((font) => {
      if (gone || !box.current) return;
      d = new Designer({
        domContainer: box.current,
        template: toPdfmeTemplate(data),
        plugins: PRINT_PLUGINS,
        options: { font: fontOf(font), lang: 'zh' },
      });
      designer.current = d;
      setSaved(data);
    });
    return () => {
      gone = true;
      d?.destroy();
      designer.current = null;
    };
  }, [template.data]);

  const add = useCallback(
    (kind: AddKind, binding: string, field?: PrintField, columns?: PrintField[]) => {
      const d = designer.current;
      if (!d) return;
      const t = d.getTemplate() as unknown as Template & { schemas: PrintElement[][] };
      const cursor = d.getPageCursor();
      const page = t.schemas[cursor] ?? [];
      const name = freeName(page, binding);
      // New elements go down the left edge one under another, so none covers another.
      const height = Number(template.data?.heightMm ?? 100);
      const base = { name, position: { x: 10, y: 10 + ((page.length * 12) % Math.max(12, height - 40)) } };
      let el: PrintElement;
      if (kind === 'table') {
        const cols = columns ?? [];
        el = completeElement({
          ...base,
          type: 'table',
          width: 150,
          height: 20,
          head: cols.map((c) => c.title),
          headWidthPercentages: cols.map(() => 100 / Math.max(1, cols.length)),
          content: JSON.stringify([cols.map(() => '')]),
        });
      } else if (kind === 'qrcode' || kind === 'code128') {
        el = completeElement({
          ...base,
          type: kind,
          width: kind === 'qrcode' ? 25 : 50,
          height: kind === 'qrcode' ? 25 : 12,
          content: kind === 'qrcode' ? 'https://example.invalid' : '012345678',
        });
      } else if (kind === 'image') {
        el = completeElement({ ...base, type: 'image', width: 40, height: 30, content: '' });
      } else {
        el = completeElement({
          ...base,
          type: 'text',
          width: 60,
          height: 8,
          fontSize: 11,
          content: field?.title ?? name,
        });
      }
      const schemas = t.schemas.map((p, i) => (i === cursor ? [...p, el] : p));
      d.updateTemplate({ ...t, schemas } as unknown as Template);
    },
    [template.data],
  );

  const save = async (): Promise<boolean> => {
    const d = designer.current;
    if (!d || !template.data) return false;
    setSaving(true);
    try {
      const layout = JSON.stringify(fromPdfmeTemplate(d.getTemplate()));
      const res = await saveTemplate({ id: template.data.id, layout });
      void message.success(res.message || DESIGNER_TEXT.saved);
      setSaved({ ...template.data, layout });
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  const records = useQuery({
    queryKey: ['print-preview-records', template.data?.source],
    enabled: previewOpen && !!template.data && !!SOURCE_LIST_URLS[template.data.source],
    queryFn: async () => {
      const key = template.data!.source;
      const res = await getAction<{ records: Record<string, unknown>[] }>(SOURCE_LIST_URLS[key], { pageSize: 50 });
      return res.result.records.map((r) => ({ value: String(r.id), label: RECORD_LABEL[key](r) }));
    },
  });

  // The preview shows the saved template: it is saved first, so what is previewed is what prints.
  const openPreview = async () => {
    if (await save()) {
      setInputs(null);
      setPreviewOpen(true);
    }
  };

  const pick = async (value: string) => {
    setRecordId(value);
    if (!template.data) return;
    try {
      setInputs((await fetchPrintData(template.data.id, [value])).inputs);
    } catch {
      setInputs(null);
    }
  };

  const previewTemplate = useMemo(() => (saved ? toPdfmeTemplate(saved) : null), [saved]);

  if (!id) return <Result status="404" title="未指定模板" />;
  if (template.isError) return <Result status="404" title="打印模板不存在或已删除" />;
  if (!template.data || !sources.data) return <Spin />;
  const t = template.data;

  const formats = (f: PrintField) => Object.entries(PRINT_FORMATS).filter(([, v]) => v.kinds.includes(f.kind));

  return (
    <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 180px)', minHeight: 560 }}>
      <Card
        size="small"
        title={DESIGNER_TEXT.fields}
        style={{ width: 280, overflow: 'auto' }}
        data-testid="print-fields"
      >
        {source?.fields.map((f) => (
          <div key={f.key} style={{ marginBottom: 6 }} data-field={f.key}>
            <Typography.Text strong>{f.title}</Typography.Text>
            <div>
              <Space size={4} wrap>
                {f.kind === 'image' ? (
                  <Button size="small" onClick={() => add('image', f.key, f)}>
                    图片
                  </Button>
                ) : (
                  <Button size="small" onClick={() => add('text', f.key, f)}>
                    文本
                  </Button>
                )}
                {formats(f).map(([format, v]) => (
                  <Button key={format} size="small" onClick={() => add('text', `${f.key}:${format}`, f)}>
                    {v.text}
                  </Button>
                ))}
                {f.kind !== 'image' && (
                  <Button size="small" onClick={() => add('qrcode', f.key, f)}>
                    二维码
                  </Button>
                )}
                {(f.kind === 'text' || f.kind === 'number') && (
                  <Button size="small" onClick={() => add('code128', f.key, f)}>
                    条形码
                  </Button>
                )}
              </Space>
            </div>
          </div>
        ))}
        {source?.children.map((c) => (
          <div key={c.key} style={{ marginTop: 12 }}>
            <Typography.Text strong>明细：{c.title}</Typography.Text>
            <div>
              <Button
                size="small"
                onClick={() => add('table', `${c.key}:${c.fields.map((x) => x.key).join(',')}`, undefined, c.fields)}
              >
                表格
              </Button>
            </div>
          </div>
        ))}
      </Card>
      <Card
        size="small"
        style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
        styles={{ body: { flex: 1, padding: 0, position: 'relative' } }}
        title={
          <Space>
            {t.name}
            <Tag>{source?.title}</Tag>
            <Tag>{t.paper === 'custom' ? `${Number(t.widthMm)}×${Number(t.heightMm)}mm` : `${t.paper}`}</Tag>
            <Tooltip title={DESIGNER_TEXT.hint}>
              <Typography.Text type="secondary">操作提示</Typography.Text>
            </Tooltip>
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(PRINT_ROUTES.list)}>{DESIGNER_TEXT.back}</Button>
            <Button onClick={openPreview} loading={saving}>
              {DESIGNER_TEXT.preview}
            </Button>
            <Button type="primary" onClick={() => void save()} loading={saving}>
              {DESIGNER_TEXT.save}
            </Button>
          </Space>
        }
      >
        <div ref={box} data-testid="print-designer" style={{ position: 'absolute', inset: 0 }} />
      </Card>
      <Modal
        title={DESIGNER_TEXT.preview}
        open={previewOpen}
        onCancel={() => setPreviewOpen(false)}
        footer={null}
        width={960}
        destroyOnHidden
      >
        <Select
          aria-label={DESIGNER_TEXT.pickRecord}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 360, marginBottom: 12 }}
          placeholder={DESIGNER_TEXT.pickRecord}
          loading={records.isLoading}
          value={recordId ?? undefined}
          onChange={pick}
          options={records.data ?? []}
        />
        <div style={{ height: 600 }}>
          {inputs && previewTemplate ? (
            <PdfViewer template={previewTemplate} inputs={inputs} />
          ) : (
            <Empty description={DESIGNER_TEXT.pickRecord} />
          )}
        </div>
      </Modal>
    </div>
  );
}
