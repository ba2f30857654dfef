import { useState } from 'react';
import { Divider, Select, Space, Typography } from 'antd';
import { CodeEditor } from '@/components/editors/code-editor';
import { CODE_LANGUAGES, type CodeLanguage } from '@/components/editors/code-language-list';
import { MarkdownEditor } from '@/components/editors/markdown-editor';
import { RichTextEditor } from '@/components/editors/rich-text-editor';

export default function EditorsDemo() {
  const [markdown, setMarkdown] = useState('## 标题\n\n- [ ] 待办事项\n\n**粗体** 与 `代码`');
  const [html, setHtml] = useState('<p>这是一段<strong>富文本</strong>。</p>');
  const [code, setCode] = useState('function hello(name) {\n  return `你好，${name}`;\n}\n');
  const [language, setLanguage] = useState<CodeLanguage>('javascript');
  return (
    <>
      <Typography.Title level={5}>Markdown 编辑器</Typography.Title>
      <MarkdownEditor value={markdown} onChange={setMarkdown} />
      <Divider />
      <Typography.Title level={5}>富文本编辑器</Typography.Title>
      <RichTextEditor value={html} onChange={setHtml} />
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginTop: 8 }}>
        输出：{html}
      </Typography.Paragraph>
      <Divider />
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          代码编辑器
        </Typography.Title>
        <Select
          aria-label="语言"
          value={language}
          style={{ width: 140 }}
          options={CODE_LANGUAGES.map(({ value, label }) => ({ value, label }))}
          onChange={setLanguage}
        />
      </Space>
      <CodeEditor value={code} onChange={setCode} language={language} />
    </>
  );
}
