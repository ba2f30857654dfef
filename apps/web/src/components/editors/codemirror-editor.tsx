import { useMemo } from 'react';
import CodeMirror, { EditorState } from '@uiw/react-codemirror';
import { indentUnit } from '@codemirror/language';
import { CODE_EDITOR_TAB_SIZE } from './code-language-list';
import { languageExtension } from './code-languages';
import type { CodeEditorProps } from './code-editor';

export function CodemirrorEditor({
  value = '',
  onChange,
  language = 'javascript',
  height = 300,
  readOnly,
  placeholder,
}: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      languageExtension(language),
      EditorState.tabSize.of(CODE_EDITOR_TAB_SIZE),
      indentUnit.of(' '.repeat(CODE_EDITOR_TAB_SIZE)),
    ],
    [language],
  );
  return (
    <CodeMirror
      value={value}
      height={typeof height === 'number' ? `${height}px` : height}
      extensions={extensions}
      readOnly={readOnly}
      placeholder={placeholder}
      basicSetup={{ tabSize: CODE_EDITOR_TAB_SIZE }}
      onChange={(next) => onChange?.(next)}
      aria-label="代码编辑器"
      style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
