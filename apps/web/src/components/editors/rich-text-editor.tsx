import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

export const RICH_TEXT_EDITOR_HEIGHT = 300;

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  /** Receives the HTML after sanitising (dompurify). */
  onChange?: (html: string) => void;
  /** Default 300. */
  height?: number;
  disabled?: boolean;
  /** Business path of uploaded images, default 'editor'. */
  bizPath?: string;
  placeholder?: string;
}

// TinyMCE is big: it is only fetched when a rich text editor is first shown.
const TinymceEditor = lazy(() => import('./tinymce-editor').then((module) => ({ default: module.TinymceEditor })));

/** Rich text (HTML) editor, self-hosted TinyMCE; the HTML it emits has been sanitised. */
export function RichTextEditor({ height = RICH_TEXT_EDITOR_HEIGHT, ...props }: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: Math.max(3, Math.round(height / 40)) }} />}>
      <TinymceEditor height={height} {...props} />
    </Suspense>
  );
}
