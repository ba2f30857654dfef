import { useEffect, useRef } from 'react';
import { Viewer } from '@pdfme/ui';
import type { Template } from '@pdfme/common';
import { PRINT_PLUGINS, fontOf, loadFont } from '../lib/pdf-template';

/**
 * pdfme's viewer: the template filled with the records (one page per record), with its own zoom and page
 * controls. Loaded only where a preview is shown (it carries pdfme's UI).
 */
export default function PdfViewer({ template, inputs }: { template: Template; inputs: Record<string, string>[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let viewer: Viewer | null = null;
    let gone = false;
    void loadFont().then((font) => {
      if (gone || !box.current) return;
      viewer = new Viewer({
        domContainer: box.current,
        template,
        inputs: inputs.length ? inputs : [{}],
        plugins: PRINT_PLUGINS,
        options: { font: fontOf(font), lang: 'zh' },
      });
    });
    return () => {
      gone = true;
      viewer?.destroy();
    };
  }, [template, inputs]);
  return <div ref={box} data-testid="print-preview" style={{ width: '100%', height: '100%', minHeight: 480 }} />;
}
