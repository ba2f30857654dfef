import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { DUPLICATE_MESSAGES } from '@district/shared';
import { mockHttp } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { checkRuleValidator, duplicateValidator } from './validators';

const answer = (success: boolean, message: string) => ({
  status: 200,
  data: { success, message, code: 200, result: success, timestamp: 0 },
});

let restore = () => undefined as void;
afterEach(() => restore());

function DemoForm({ dataId }: { dataId?: string }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} onFinish={() => undefined}>
      <Form.Item label="编码" name="code" rules={[duplicateValidator('sys_dict', 'dict_code', dataId)]}>
        <Input />
      </Form.Item>
      <Form.Item label="资产编号" name="assetCode" rules={[checkRuleValidator('asset_code_check')]}>
        <Input />
      </Form.Item>
      <Button onClick={() => void form.validateFields().catch(() => undefined)}>校验</Button>
    </Form>
  );
}

describe('form validators', () => {
  it('turns an unsuccessful duplicate answer into the field error and sends the record id', async () => {
    const mock = mockHttp({
      'GET /sys/duplicate/check': (c) =>
        (c.params as { fieldVal: string }).fieldVal === 'sex'
          ? answer(false, DUPLICATE_MESSAGES.taken)
          : answer(true, DUPLICATE_MESSAGES.available),
      'GET /sys/checkRule/checkByCode': answer(true, '校验通过'),
    });
    restore = mock.restore;
    renderWithApp(<DemoForm dataId="d1" />);
    await userEvent.type(screen.getByLabelText('编码'), 'sex');
    expect(await screen.findByText('该值不可用，系统中已存在！')).toBeInTheDocument();
    expect(mock.calls.at(-1)!.params).toMatchObject({
      tableName: 'sys_dict',
      fieldName: 'dict_code',
      fieldVal: 'sex',
      dataId: 'd1',
    });
    await userEvent.type(screen.getByLabelText('编码'), '2');
    await waitFor(() => expect(screen.queryByText('该值不可用，系统中已存在！')).not.toBeInTheDocument());
  });

  it('skips empty values without asking the server', async () => {
    const mock = mockHttp({});
    restore = mock.restore;
    renderWithApp(<DemoForm />);
    await userEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(mock.calls).toHaveLength(0);
  });

  it('sends the encoded value to the rule check and shows the failing message', async () => {
    const mock = mockHttp({
      'GET /sys/checkRule/checkByCode': answer(false, '资产编号须以ZC开头'),
    });
    restore = mock.restore;
    renderWithApp(<DemoForm />);
    await userEvent.type(screen.getByLabelText('资产编号'), 'X 1');
    expect(await screen.findByText('资产编号须以ZC开头')).toBeInTheDocument();
    expect(mock.calls.at(-1)!.params).toMatchObject({ ruleCode: 'asset_code_check', value: 'X%201' });
  });
});
