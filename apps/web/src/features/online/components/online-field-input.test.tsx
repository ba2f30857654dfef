import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { OnlineField } from '@district/shared';
import { renderWithApp } from '@/test/render';
import { OnlineFieldItem } from './online-field-input';

// TinyMCE needs a real browser: a stand-in shows the HTML it is given and emits an edit on click.
vi.mock('@/components/editors/tinymce-editor', () => ({
  TinymceEditor: ({ value, onChange }: { value?: string; onChange?: (h: string) => void }) => (
    <div data-testid="tinymce" onClick={() => onChange?.('<p><strong>改过</strong></p>')}>
      {value}
    </div>
  ),
}));

function Harness({ field, initial }: { field: OnlineField; initial?: Record<string, unknown> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={initial}>
      <OnlineFieldItem field={field} />
      <Form.Item shouldUpdate noStyle>
        {() => <output data-testid="value">{JSON.stringify(form.getFieldsValue(true))}</output>}
      </Form.Item>
    </Form>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as Record<string, unknown>;

describe('online form widgets', () => {
  it('checks the chosen 校验规则 and the designer’s pattern under the field, as the server does', async () => {
    renderWithApp(
      <>
        <Harness field={{ name: 'phone', label: '电话', dbType: 'string', ruleCode: 'mobile' }} />
        <Harness
          field={{
            name: 'serial',
            label: '编号',
            dbType: 'string',
            pattern: '^SN-[0-9]{4}$',
            patternMessage: '编号须为 SN- 加 4 位数字',
          }}
        />
      </>,
    );
    const [phone, serial] = screen.getAllByRole('textbox');
    fireEvent.change(phone!, { target: { value: '12345' } });
    fireEvent.change(serial!, { target: { value: 'SN-12' } });
    expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
    expect(await screen.findByText('编号须为 SN- 加 4 位数字')).toBeInTheDocument();
    fireEvent.change(phone!, { target: { value: '13800138000' } });
    fireEvent.change(serial!, { target: { value: 'SN-1234' } });
    await waitFor(() => expect(screen.queryByText('请输入正确手机号')).toBeNull());
    await waitFor(() => expect(screen.queryByText('编号须为 SN- 加 4 位数字')).toBeNull());
  });

  it('edits a rich text field in the rich text editor, not a plain textarea', async () => {
    renderWithApp(
      <Harness
        field={{ name: 'notice_body', label: '正文', dbType: 'text', widget: 'richText' }}
        initial={{ noticeBody: '<p>原文</p>' }}
      />,
    );
    const editor = await screen.findByTestId('tinymce');
    expect(editor).toHaveTextContent('<p>原文</p>');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(editor);
    await waitFor(() => expect(value().noticeBody).toBe('<p><strong>改过</strong></p>'));
  });

  // The toolbar's commands are the markdown editor's own tests (components/editors); here: the field is that editor.
  it('edits a markdown field in the markdown editor, with a sanitised preview', async () => {
    renderWithApp(
      <Harness
        field={{ name: 'remark', label: '说明', dbType: 'text', widget: 'markdown' }}
        initial={{ remark: '会议**须知**<img src="x" onerror="alert(1)">' }}
      />,
    );
    const textarea = (await screen.findByLabelText('Markdown 内容', {}, { timeout: 15_000 })) as HTMLTextAreaElement;
    await waitFor(() => expect(document.querySelector('.wmde-markdown strong')).toHaveTextContent('须知'), {
      timeout: 15_000,
    });
    expect(document.querySelector('.wmde-markdown img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByRole('button', { name: '粗体' })).toBeInTheDocument();
    fireEvent.change(textarea, { target: { value: '# 议程\n\n- 开场' } });
    await waitFor(() => expect(value().remark).toBe('# 议程\n\n- 开场'), { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('.wmde-markdown h1')).toHaveTextContent('议程'), {
      timeout: 15_000,
    });
  });
});
