// Shared by the lazy wrapper (markdown-editor.tsx) and the editor chunk (md-editor.tsx), so the chunk does not
// import its own loader back.
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
