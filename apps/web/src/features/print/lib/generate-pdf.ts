import type { PrintTemplate } from '@district/shared';
import { APP_CONFIG } from '@/lib/config';
import type { PdfJob, PdfMessage } from './pdf.worker';

/**
 * Runs one PDF job in a Web Worker (the page stays responsive for large batches) and answers the PDF.
 * `onProgress` hears records done out of the total.
 */
export function generatePdf(
  template: Pick<PrintTemplate, 'widthMm' | 'heightMm' | 'layout'>,
  inputs: Record<string, string>[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ pdf: Blob; ms: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PdfMessage>) => {
      const m = event.data;
      if (m.type === 'progress') onProgress?.(m.done, m.total);
      else {
        worker.terminate();
        if (m.type === 'done') resolve({ pdf: new Blob([m.pdf], { type: 'application/pdf' }), ms: m.ms });
        else reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'PDF 生成失败'));
    };
    const job: PdfJob = { template, inputs, apiBase: APP_CONFIG.apiBaseURL };
    worker.postMessage(job);
  });
}
