import type { Extension } from '@uiw/react-codemirror';
import { StreamLanguage } from '@codemirror/language';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { objectiveC } from '@codemirror/legacy-modes/mode/clike';
import { r } from '@codemirror/legacy-modes/mode/r';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { swift } from '@codemirror/legacy-modes/mode/swift';
import { CODE_LANGUAGES, type CodeLanguage } from './code-language-list';

/*
 * Syntax support per language: the lang-* packages where they exist, CodeMirror 5's legacy modes for
 * Objective-C, R, Shell and Swift. Vue single-file components are HTML with script and style blocks,
 * which the HTML language already highlights (there is no lang-vue installed).
 */
const EXTENSIONS: Record<CodeLanguage, () => Extension> = {
  css: () => css(),
  javascript: () => javascript({ jsx: true }),
  html: () => html(),
  java: () => java(),
  objectivec: () => StreamLanguage.define(objectiveC),
  python: () => python(),
  r: () => StreamLanguage.define(r),
  shell: () => StreamLanguage.define(shell),
  sql: () => sql(),
  swift: () => StreamLanguage.define(swift),
  vue: () => html({ selfClosingTags: true }),
  markdown: () => markdown(),
};

export function languageExtension(language: CodeLanguage): Extension {
  return (EXTENSIONS[language] ?? EXTENSIONS[CODE_LANGUAGES[0].value])();
}
