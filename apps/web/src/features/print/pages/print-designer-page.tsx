import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Empty, Modal, Result, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Designer } from '@pdfme/ui';
import type { Template } from '@pdfme/common';
import {
  PRINT_FORMATS,
  PRINT_MARGIN_MM,
  PRINT_ROUTES,
  type PrintElement,
  type PrintField,
  type PrintSource,
  type PrintSourceKey,
  printElementLabel,
} from '@district/shared';
import { getAction } from '@/lib/request';
import {
  SOURCE_LIST_URLS,
  fetchPrintData,
  fetchSources,
  fetchTemplate,
  saveTemplate,
  type PrintTemplateRecord,
} from '../api/print-api';
// Types only: the module itself (with pdfme's plugins) is fetched with the designer.
import type * as PdfTemplateKit from '../lib/pdf-template';

const PdfViewer = lazy(() => import('../components/pdf-viewer'));

type Kit = typeof PdfTemplateKit;
interface DesignerKit {
  Designer: typeof Designer;
  kit: Kit;
  font: ArrayBuffer;
}
let kitLoad: Promise<DesignerKit> | null = null;

/**
 * pdfme's designer (~1.4 MB gzip), its plugins and the 2.4 MB font, fetched together and once: the page starts
 * this as it opens, alongside the template's data, so the field panel shows first and nothing waits in line.
 */
function loadDesignerKit(): Promise<DesignerKit> {
  kitLoad ??= Promise.all([
    import('@pdfme/ui'),
    import('../lib/pdf-template').then(async (kit) => ({ kit, font: await kit.loadFont() })),
  ]).then(
    ([ui, { kit, font }]) => ({ Designer: ui.Designer, kit, font }),
    (error: unknown) => {
      kitLoad = null;
      throw error;
    },
  );
  return kitLoad;
}

export const DESIGNER_TEXT = {
  fields: '数据字段',
  save: '保存',
  preview: '预览',
  back: '返回',
  saved: '保存成功',
  pickRecord: '选择一条记录预览',
  loading: '正在加载设计器…',
  loadFailed: '设计器加载失败，请刷新页面重试',
  empty: '模板还没有任何内容：请先从左侧“数据字段”或工具栏添加元素，再预览',
  hint: '拖动元素调整位置与大小；Ctrl+Z 撤销，Ctrl+Y 重做，Ctrl+C / Ctrl+V 复制粘贴，多选后可对齐；拖动时自动吸附参考线。',
} as const;

type AddKind = 'text' | 'qrcode' | 'code128' | 'image' | 'table';
/** The size (mm) of an element added from the 数据字段 panel. */
const ADD_SIZE: Record<AddKind, { width: number; height: number }> = {
  text: { width: 60, height: 8 },
  qrcode: { width: 25, height: 25 },
  code128: { width: 50, height: 12 },
  image: { width: 40, height: 30 },
  table: { width: 150, height: 20 },
};
type DesignedTemplate = Template & { schemas: PrintElement[][] };

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

  const sourceRef = useRef(source);
  sourceRef.current = source;
  const kitRef = useRef<Kit | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  // Start fetching the designer as the page opens, while the template and sources are asked for.
  useEffect(() => {
    loadDesignerKit().catch(() => undefined);
  }, []);

  useEffect(() => {
    const data = template.data;
    if (!data) return;
    let d: Designer | null = null;
    let gone = false;
    let observer: MutationObserver | null = null;
    const paper = { width: Number(data.widthMm), height: Number(data.heightMm) };
    loadDesignerKit().then(
      ({ Designer, kit, font }) => {
        const { DESIGNER_PLUGINS, atToolbarSpot, fontOf, freeSpot, relabel, toPdfmeTemplate } = kit;
        const root = box.current;
        if (gone || !root) return;
        kitRef.current = kit;
        const designed = toPdfmeTemplate(data) as DesignedTemplate;
        // Names seen so far (pdfme hands templates on without element ids; its toolbar's names are unique).
        const seen = new Set<string>();
        const known = (t: DesignedTemplate) => t.schemas.flat().forEach((e) => seen.add(e.name));
        d = new Designer({
          domContainer: root,
          template: designed,
          plugins: DESIGNER_PLUGINS,
          options: { font: fontOf(font), lang: 'zh' },
        });
        known(d.getTemplate() as DesignedTemplate);
        // A tool clicked in pdfme's toolbar lands on the page's top left, over what is there: move it to free space.
        d.onChangeTemplate((changed) => {
          const t = changed as DesignedTemplate;
          const fresh = t.schemas.flat().filter((e) => !seen.has(e.name));
          known(t);
          if (!fresh.some((e) => atToolbarSpot(e, paper))) return;
          const schemas = t.schemas.map((page) => {
            const placed: PrintElement[] = page.filter((e) => !fresh.includes(e));
            return page.map((e) => {
              if (!fresh.includes(e) || !atToolbarSpot(e, paper)) return e;
              const moved = { ...e, position: freeSpot(placed, e, paper) };
              placed.push(moved);
              return moved;
            });
          });
          setTimeout(() => d?.updateTemplate({ ...t, schemas } as unknown as Template));
        });
        // The 字段列表 panel and tooltips show field titles rather than binding keys.
        const labelAll = () => {
          const src = sourceRef.current;
          if (!d || !src) return;
          const labels = new Map<string, string>();
          for (const e of (d.getTemplate() as DesignedTemplate).schemas.flat()) {
            labels.set(e.name, printElementLabel(e.name, e.type, src));
          }
          relabel(root, labels);
        };
        // At most once a frame: pdfme changes its DOM on every drag step.
        let queued = false;
        observer = new MutationObserver(() => {
          if (queued) return;
          queued = true;
          requestAnimationFrame(() => {
            queued = false;
            if (!gone) labelAll();
          });
        });
        observer.observe(root, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['title'],
        });
        labelAll();
        designer.current = d;
        setSaved(data);
        setReady(true);
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      d?.destroy();
      designer.current = null;
    };
  }, [template.data]);

  const add = useCallback(
    (kind: AddKind, binding: string, field?: PrintField, columns?: PrintField[]) => {
      const d = designer.current;
      const kit = kitRef.current;
      if (!d || !kit) return;
      const { completeElement, freeSpot, newTable } = kit;
      const t = d.getTemplate() as unknown as Template & { schemas: PrintElement[][] };
      const cursor = d.getPageCursor();
      const page = t.schemas[cursor] ?? [];
      const name = freeName(page, binding);
      const paper = { width: Number(template.data?.widthMm ?? 210), height: Number(template.data?.heightMm ?? 297) };
      // A table is never wider than the paper less its margins (A5 portrait is 148 mm).
      const size =
        kind === 'table'
          ? { ...ADD_SIZE.table, width: Math.min(ADD_SIZE.table.width, paper.width - 2 * PRINT_MARGIN_MM) }
          : ADD_SIZE[kind];
      // New elements go to free space on the page, so none covers another.
      const base = { name, position: freeSpot(page, size, paper) };
      let el: PrintElement;
      if (kind === 'table') {
        el = newTable(name, columns ?? [], paper, base.position);
      } else if (kind === 'qrcode' || kind === 'code128') {
        el = completeElement({
          ...base,
          ...size,
          type: kind,
          content: kind === 'qrcode' ? 'https://example.invalid' : '012345678',
        });
      } else if (kind === 'image') {
        el = completeElement({ ...base, ...size, type: 'image', content: '' });
      } else {
        el = completeElement({
          ...base,
          ...size,
          type: 'text',
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
    const kit = kitRef.current;
    if (!d || !kit || !template.data) return false;
    setSaving(true);
    try {
      const layout = JSON.stringify(kit.fromPdfmeTemplate(d.getTemplate()));
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
    const d = designer.current;
    if (d && d.getTemplate().schemas.every((page) => page.length === 0)) {
      void message.warning(DESIGNER_TEXT.empty);
      return;
    }
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

  // `saved` is set once the designer (and so the kit) is loaded.
  const previewTemplate = useMemo(
    () => (saved && kitRef.current ? kitRef.current.toPdfmeTemplate(saved) : null),
    [saved],
  );

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
        {/* Enabled once the designer can take an element: a click before would be lost. */}
        {source?.fields.map((f) => (
          <div key={f.key} style={{ marginBottom: 6 }} data-field={f.key}>
            <Typography.Text strong>{f.title}</Typography.Text>
            <div>
              <Space size={4} wrap>
                {f.kind === 'image' ? (
                  <Button size="small" disabled={!ready} onClick={() => add('image', f.key, f)}>
                    图片
                  </Button>
                ) : (
                  <Button size="small" disabled={!ready} onClick={() => add('text', f.key, f)}>
                    文本
                  </Button>
                )}
                {formats(f).map(([format, v]) => (
                  <Button key={format} size="small" onClick={() => add('text', `${f.key}:${format}`, f)}>
                    {v.text}
                  </Button>
                ))}
                {f.kind !== 'image' && (
                  <Button size="small" disabled={!ready} onClick={() => add('qrcode', f.key, f)}>
                    二维码
                  </Button>
                )}
                {(f.kind === 'text' || f.kind === 'number') && (
                  <Button size="small" disabled={!ready} onClick={() => add('code128', f.key, f)}>
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
                disabled={!ready}
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
        {!ready && (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            {failed ? (
              <Result status="warning" title={DESIGNER_TEXT.loadFailed} />
            ) : (
              <Spin description={DESIGNER_TEXT.loading} />
            )}
          </div>
        )}
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
            <Suspense fallback={<Spin />}>
              <PdfViewer template={previewTemplate} inputs={inputs} />
            </Suspense>
          ) : (
            <Empty description={DESIGNER_TEXT.pickRecord} />
          )}
        </div>
      </Modal>
    </div>
  );
}
