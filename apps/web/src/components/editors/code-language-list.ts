/** Languages of the code editor (widgets-spec §2), kept apart from the parsers so pickers stay light. */
export const CODE_LANGUAGES = [
  { value: 'css', label: 'CSS' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'html', label: 'HTML' },
  { value: 'java', label: 'Java' },
  { value: 'objectivec', label: 'Objective-C' },
  { value: 'python', label: 'Python' },
  { value: 'r', label: 'R' },
  { value: 'shell', label: 'Shell' },
  { value: 'sql', label: 'SQL' },
  { value: 'swift', label: 'Swift' },
  { value: 'vue', label: 'Vue' },
  { value: 'markdown', label: 'Markdown' },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['value'];

export const CODE_EDITOR_TAB_SIZE = 2;
