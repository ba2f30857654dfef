import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { RecordFormModal } from './record-form-modal';

interface Thing {
  id: string;
  name: string;
}

let restore = () => undefined as void;
afterEach(() => restore());

function open(record: Thing | null, save?: (v: { name: string }) => Promise<{ message?: string }>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const where = save
    ? { save: (v: { name: string }) => save(v) }
    : {
        urls: { add: '/thing/add', edit: '/thing/edit' },
        toPayload: (v: { name: string }, r: Thing | null) => ({ ...v, id: r?.id }),
      };
  renderWithApp(
    <RecordFormModal<Thing, { name: string }>
      open
      record={record}
      titles={{ add: '新增东西', edit: '编辑东西' }}
      formName="thing-form"
      initialValues={(r) => (r ? { name: r.name } : undefined)}
      onClose={onClose}
      onSaved={onSaved}
      {...where}
    >
      <Form.Item label="名称" name="name" rules={[{ required: true, message: '请输入名称' }]}>
        <Input placeholder="请输入名称" />
      </Form.Item>
    </RecordFormModal>,
  );
  return { onSaved, onClose };
}

const okButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定|OK/ });

describe('RecordFormModal', () => {
  it('adds: 新增 title, validation, POST to the add URL, the answer shown, onSaved', async () => {
    const bodies: unknown[] = [];
    const mock = mockHttp({
      'POST /thing/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 't1' }, '添加成功！');
      },
    });
    restore = mock.restore;
    const { onSaved } = open(null);
    expect(await screen.findByText('新增东西')).toBeInTheDocument();
    await userEvent.click(okButton());
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.type(screen.getByPlaceholderText('请输入名称'), '桌子');
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([{ name: '桌子' }]);
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
  });

  it('edits: 编辑 title, the record’s values, PUT to the edit URL', async () => {
    const bodies: unknown[] = [];
    const mock = mockHttp({
      'PUT /thing/edit': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '编辑成功!');
      },
    });
    restore = mock.restore;
    const { onSaved } = open({ id: 't1', name: '椅子' });
    expect(await screen.findByText('编辑东西')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入名称')).toHaveValue('椅子');
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([{ name: '椅子', id: 't1' }]);
    expect(await screen.findByText('编辑成功!')).toBeInTheDocument();
  });

  it('uses the feature’s own save; a failed save keeps the modal open', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('重复')).mockResolvedValueOnce({ message: '' });
    const { onSaved } = open({ id: 't1', name: '椅子' }, save);
    await screen.findByText('编辑东西');
    await userEvent.click(okButton());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenLastCalledWith({ name: '椅子' });
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  });

  it('shows a saved-with-warning answer as a warning, and a refusal under the field it names', async () => {
    const onSaved = vi.fn();
    const save = vi
      .fn()
      .mockRejectedValueOnce(new Error('名称已存在'))
      .mockResolvedValueOnce({ message: '保存成功，但超出预算', warning: '超出预算' });
    renderWithApp(
      <RecordFormModal<Thing, { name: string }>
        open
        record={null}
        titles={{ add: '新增东西', edit: '编辑东西' }}
        formName="thing-form"
        save={save}
        fieldOfError={(text) => (text.includes('名称') ? 'name' : undefined)}
        onClose={() => undefined}
        onSaved={onSaved}
      >
        <Form.Item label="名称" name="name">
          <Input placeholder="请输入名称" />
        </Form.Item>
      </RecordFormModal>,
    );
    await userEvent.type(screen.getByPlaceholderText('请输入名称'), '桌子');
    await userEvent.click(okButton());
    expect(await screen.findByText('名称已存在', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ message: '保存成功，但超出预算', warning: '超出预算' }));
    const notice = await screen.findByText('保存成功，但超出预算');
    expect(notice.closest('.ant-message-notice-warning')).not.toBeNull();
  });

  it('says 编辑 while the edited record loads, and offers no saving when it could not be loaded', async () => {
    renderWithApp(
      <RecordFormModal<Thing, { name: string }>
        open
        record={null}
        editing
        loading={false}
        loadError="东西不存在或已删除"
        titles={{ add: '新增东西', edit: '编辑东西' }}
        formName="thing-form"
        save={() => Promise.resolve({})}
        onClose={() => undefined}
        onSaved={() => undefined}
      >
        <Form.Item label="名称" name="name">
          <Input placeholder="请输入名称" />
        </Form.Item>
      </RecordFormModal>,
    );
    expect(await screen.findByText('编辑东西')).toBeInTheDocument();
    expect(screen.getByText('东西不存在或已删除')).toBeInTheDocument();
    expect(okButton()).toBeDisabled();
  });
});
