import { useRef, useState } from 'react';
import MDEditor, { commands, type ICommand, type TextAreaTextApi } from '@uiw/react-md-editor';
import { FileImageOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { ImageUploadDialog, type ImageUploadResult } from '@/components/upload/image-upload-dialog';
import type { MarkdownEditorProps } from './markdown-editor';
import { MARKDOWN_EDITOR_HEIGHT, MARKDOWN_TOOLBAR_LABELS } from './markdown-editor-constants';
import { sanitizeHast } from './sanitize-hast';

const INDENT = '  ';

function labelled(command: ICommand, label: string): ICommand {
  return { ...command, buttonProps: { 'aria-label': label, title: label } };
}

/** Selects the whole lines the selection touches, so indent/outdent work on lines. */
function selectLines(state: { text: string; selection: { start: number; end: number } }, api: TextAreaTextApi) {
  const start = state.text.lastIndexOf('\n', state.selection.start - 1) + 1;
  const endBreak = state.text.indexOf('\n', state.selection.end);
  const end = endBreak === -1 ? state.text.length : endBreak;
  return api.setSelectionRange({ start, end });
}

const indent: ICommand = {
  name: 'indent',
  keyCommand: 'indent',
  icon: <MenuUnfoldOutlined />,
  execute: (state, api) => {
    const lines = selectLines(state, api);
    const start = lines.selection.start;
    const next = lines.selectedText
      .split('\n')
      .map((line) => INDENT + line)
      .join('\n');
    api.replaceSelection(next);
    api.setSelectionRange({ start, end: start + next.length });
  },
};

const outdent: ICommand = {
  name: 'outdent',
  keyCommand: 'outdent',
  icon: <MenuFoldOutlined />,
  execute: (state, api) => {
    const lines = selectLines(state, api);
    const start = lines.selection.start;
    const next = lines.selectedText
      .split('\n')
      .map((line) => line.replace(/^( {1,2}|\t)/, ''))
      .join('\n');
    api.replaceSelection(next);
    api.setSelectionRange({ start, end: start + next.length });
  },
};

const L = MARKDOWN_TOOLBAR_LABELS;

/**
 * Markdown editor with live preview (loaded on demand by markdown-editor.tsx). The preview renders raw
 * HTML, so it goes through a sanitising rehype step (no scripts, event handlers or javascript: links).
 */
export function MdEditor({
  value = '',
  onChange,
  height = MARKDOWN_EDITOR_HEIGHT.default,
  placeholder,
  bizPath = 'editor',
}: MarkdownEditorProps) {
  const [imageOpen, setImageOpen] = useState(false);
  // The text API of the last toolbar call, to insert the uploaded image where the cursor was.
  const apiRef = useRef<TextAreaTextApi | null>(null);

  const imageUpload: ICommand = {
    name: 'image-upload',
    keyCommand: 'image-upload',
    icon: <FileImageOutlined />,
    buttonProps: { 'aria-label': L.image, title: L.image },
    execute: (_state, api) => {
      apiRef.current = api;
      setImageOpen(true);
    },
  };

  const toolbar: ICommand[] = [
    labelled(commands.title, L.heading),
    labelled(commands.bold, L.bold),
    labelled(commands.italic, L.italic),
    labelled(commands.strikethrough, L.strike),
    labelled(commands.hr, L.hr),
    labelled(commands.quote, L.quote),
    commands.divider,
    labelled(commands.unorderedListCommand, L.ul),
    labelled(commands.orderedListCommand, L.ol),
    labelled(commands.checkedListCommand, L.task),
    labelled(indent, L.indent),
    labelled(outdent, L.outdent),
    commands.divider,
    labelled(commands.table, L.table),
    labelled(commands.link, L.link),
    labelled(commands.code, L.code),
    labelled(commands.codeBlock, L.codeblock),
    imageUpload,
  ];

  const insertImage = (image: ImageUploadResult) => {
    setImageOpen(false);
    const markdown = `![${image.note}](${image.url})`;
    if (apiRef.current) apiRef.current.replaceSelection(markdown);
    else onChange?.(value + markdown);
  };

  return (
    <div data-color-mode="light">
      <MDEditor
        value={value}
        onChange={(next) => onChange?.(next ?? '')}
        height={Math.max(MARKDOWN_EDITOR_HEIGHT.min, height)}
        minHeight={MARKDOWN_EDITOR_HEIGHT.min}
        commands={toolbar}
        extraCommands={[
          labelled(commands.codeEdit, L.edit),
          labelled(commands.codeLive, L.live),
          labelled(commands.codePreview, L.preview),
          commands.divider,
          labelled(commands.fullscreen, L.fullscreen),
        ]}
        textareaProps={{ placeholder: placeholder ?? '请输入内容', 'aria-label': 'Markdown 内容' }}
        previewOptions={{ rehypePlugins: [[sanitizeHast]] }}
      />
      <ImageUploadDialog open={imageOpen} bizPath={bizPath} onOk={insertImage} onCancel={() => setImageOpen(false)} />
    </div>
  );
}
