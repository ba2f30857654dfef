import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { CodeLanguage } from './code-language-list';

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Default javascript. */
  language?: CodeLanguage;
  /** px or a CSS length; default 300. */
  height?: number | string;
  readOnly?: boolean;
  placeholder?: string;
}

// CodeMirror and its language packages load with the first code editor shown.
const CodemirrorEditor = lazy(() =>
  import('./codemirror-editor').then((module) => ({ default: module.CodemirrorEditor })),
);

/** Code editor (CodeMirror 6), tab size 2, with the languages of CODE_LANGUAGES. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <CodemirrorEditor {...props} />
    </Suspense>
  );
}
