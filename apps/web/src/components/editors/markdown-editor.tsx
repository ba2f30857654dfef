import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

export const MARKDOWN_EDITOR_HEIGHT = { default: 300, min: 200 } as const;

/** zh-CN button labels; the toolbar order follows widgets-spec §2. */
export const MARKDOWN_TOOLBAR_LABELS = {
  heading: '标题',
  bold: '粗体',
  italic: '斜体',
  strike: '删除线',
  hr: '分割线',
  quote: '引用',
  ul: '无序列表',
  ol: '有序列表',
  task: '任务列表',
  indent: '增加缩进',
  outdent: '减少缩进',
  table: '表格',
  link: '链接',
  code: '行内代码',
  codeblock: '代码块',
  image: '上传图片',
  edit: '仅编辑',
  live: '编辑和预览',
  preview: '仅预览',
  fullscreen: '全屏',
} as const;

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
