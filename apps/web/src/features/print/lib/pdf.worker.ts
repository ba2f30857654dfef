/// <reference lib="webworker" />
// First: pdfme's barcode drawing looks for a canvas when it is imported and used.
import './worker-canvas-shim';
import { generate } from '@pdfme/generator';
import type { Plugin, Template } from '@pdfme/common';
import type { PrintTemplate } from '@district/shared';
import { FONT_URL, PRINT_PLUGINS, fontOf, toPdfmeTemplate } from './pdf-template';

/*
 * Generates a PDF off the page's thread: one page (or label) per record. Progress is counted as the
 * elements are drawn (each plugin's pdf() is wrapped), so a 1,000-record batch reports as it goes.
 */

export interface PdfJob {
  /** The stored template (page size and layout); completed with pdfme's defaults here. */
  template: Pick<PrintTemplate, 'widthMm' | 'heightMm' | 'layout'>;
  inputs: Record<string, string>[];
  /** Prefix for stored-file paths the server answers for image fields (the API base). */
  apiBase: string;
}

export type PdfMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; pdf: ArrayBuffer; ms: number }
  | { type: 'error'; message: string };

const post = (m: PdfMessage, transfer: Transferable[] = []) =>
  (self as DedicatedWorkerGlobalScope).postMessage(m, transfer);

let font: Promise<ArrayBuffer> | null = null;
const images = new Map<string, Promise<string>>();

async function dataUrl(path: string, apiBase: string): Promise<string> {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${path}`, self.location.origin).toString();
  let hit = images.get(url);
  if (!hit) {
    hit = fetch(url)
      .then(async (res) => {
        if (!res.ok) return '';
        const blob = await res.blob();
        return await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => resolve('');
          reader.readAsDataURL(blob);
        });
      })
      .catch(() => '');
    images.set(url, hit);
  }
  return hit;
}

/** Image fields arrive as stored-file paths: fetched once each and embedded. */
async function embedImages(job: PdfJob, template: Template): Promise<Record<string, string>[]> {
  const imageNames = new Set(
    template.schemas
      .flat()
      .filter((s) => s.type === 'image' && s.readOnly !== true)
      .map((s) => s.name),
  );
  if (!imageNames.size) return job.inputs;
  return Promise.all(
    job.inputs.map(async (input) => {
      const out = { ...input };
      for (const name of imageNames) {
        const v = out[name];
        if (v && v.startsWith('/')) out[name] = await dataUrl(v, job.apiBase);
      }
      return out;
    }),
  );
}

self.onmessage = async (event: MessageEvent<PdfJob>) => {
  const started = performance.now();
  try {
    const job = event.data;
    const template = toPdfmeTemplate(job.template);
    font ??= fetch(FONT_URL).then((r) => {
      if (!r.ok) throw new Error('字体加载失败');
      return r.arrayBuffer();
    });
    const [fontData, inputs] = await Promise.all([font, embedImages(job, template)]);
    const perRecord = Math.max(1, template.schemas.flat().length);
    const total = perRecord * inputs.length;
    let done = 0;
    let reported = 0;
    const plugins: Record<string, Plugin<never>> = {};
    for (const [key, plugin] of Object.entries(PRINT_PLUGINS)) {
      plugins[key] = {
        ...plugin,
        pdf: async (arg: Parameters<Plugin<never>['pdf']>[0]) => {
          await plugin.pdf(arg);
          done++;
          if (done - reported >= Math.max(1, Math.floor(total / 100))) {
            reported = done;
            post({ type: 'progress', done: Math.floor(done / perRecord), total: inputs.length });
          }
        },
      };
    }
    const pdf = await generate({
      template,
      inputs,
      plugins,
      options: { font: fontOf(fontData), title: 'print' },
    });
    post({ type: 'progress', done: inputs.length, total: inputs.length });
    const buffer = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
    post({ type: 'done', pdf: buffer, ms: Math.round(performance.now() - started) }, [buffer]);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
