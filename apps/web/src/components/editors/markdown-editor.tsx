import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { MARKDOWN_EDITOR_HEIGHT } from './markdown-editor-constants';

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Editor height in px: 300 by default, never below 200. */
  height?: number;
  placeholder?: string;
  /** Business path of uploaded images, default 'editor'. */
  bizPath?: string;
}

// @uiw/react-md-editor with its markdown pipeline is about 1 MB: only pages that show the editor load it.
const MdEditor = lazy(() => import('./md-editor').then((module) => ({ default: module.MdEditor })));

/** Markdown editor with live preview, loaded on first use; a spinner of its height holds the place meanwhile. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const height = Math.max(MARKDOWN_EDITOR_HEIGHT.min, props.height ?? MARKDOWN_EDITOR_HEIGHT.default);
  return (
    <Suspense
      fallback={
        <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin aria-label="编辑器加载中" />
        </div>
      }
    >
      <MdEditor {...props} />
    </Suspense>
  );
}
