import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Popconfirm, Space } from 'antd';
import { DEPART_RESOURCE as R, PERM, type DepartRecord, type DepartTreeNode } from '@district/shared';
import { DictSelect } from '@/components/dict/dict-select';
import { formField, inputPlaceholder } from '@/components/form-modal/field-rules';
import { useRecordForm } from '@/components/form-modal/use-record-form';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { deleteDepart, fetchDepart, saveDepart } from '../api/depart-api';

export const DEPART_FORM_TEXT = {
  pick: '请在左侧选择一个部门',
  addChild: '添加下级',
  addSibling: '添加同级',
  save: '保存',
  cancel: '取消',
  delete: '删除',
  confirmDelete: '确定删除该部门吗？',
  newUnder: (parent: { title: string } | null) =>
    parent ? (parent.title ? `新增部门（上级：${parent.title}）` : '新增同级部门') : '新增部门（一级）',
  orgCodeHint: '保存后由系统生成',
} as const;

/** What the form shows: a department being edited, or a new one under a parent (null: top level). */
export type DepartFormTarget =
  { mode: 'edit'; id: string } | { mode: 'add'; parent: Pick<DepartTreeNode, 'id' | 'title'> | null } | null;

export interface DepartFormProps {
  target: DepartFormTarget;
  onAdd: (parent: Pick<DepartTreeNode, 'id' | 'title'> | null) => void;
  /** After a save or delete: the id to select (null after a delete). */
  onChanged: (selectId: string | null) => void;
  onCancelAdd: () => void;
}

type Values = Omit<DepartRecord, 'id' | 'createTime' | 'orgCategory_dictText'>;
type SaveAnswer = Awaited<ReturnType<typeof saveDepart>>;

/** The department detail of 部门管理: edited in place; adds a child or a sibling; deletes. */
export function DepartForm(props: DepartFormProps) {
  const { target } = props;
  if (!target) return <Empty description={DEPART_FORM_TEXT.pick} />;
  // Another department, or adding under another parent, starts a fresh form.
  const key = target.mode === 'edit' ? `edit:${target.id}` : `add:${target.parent?.id ?? ''}`;
  return <DepartFormBody key={key} {...props} target={target} />;
}

function DepartFormBody({
  target,
  onAdd,
  onChanged,
  onCancelAdd,
}: DepartFormProps & { target: NonNullable<DepartFormTarget> }) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const queryClient = useQueryClient();
  const editId = target.mode === 'edit' ? target.id : null;
  const recordKey = ['system', 'depart', 'record', editId] as const;
  const loaded = useQuery({ queryKey: recordKey, queryFn: () => fetchDepart(editId!), enabled: editId !== null });
  const record = loaded.data ?? null;

  const { form, saving, submit } = useRecordForm<DepartRecord, Values, SaveAnswer>({
    open: true,
    record,
    initialValues: (r) =>
      r ?? (target.mode === 'add' ? { orgCategory: target.parent ? '2' : '1', departOrder: 0 } : undefined),
    save: (v) => {
      const { orgCode: _code, parentId: _parent, ...fields } = v;
      return saveDepart({
        ...fields,
        departName: v.departName.trim(),
        ...(target.mode === 'edit' ? { id: target.id } : { parentId: target.parent?.id ?? null }),
      });
    },
    onSaved: (answer) => {
      if (target.mode === 'edit') {
        // The form shows the department as saved.
        void queryClient.invalidateQueries({ queryKey: recordKey });
        onChanged(target.id);
        return;
      }
      onChanged((answer.result as { id?: string } | null)?.id ?? null);
    },
  });

  const canWrite = target.mode === 'add' ? allowed(PERM.departAdd) : allowed(PERM.departEdit);

  const remove = async () => {
    if (target.mode !== 'edit') return;
    try {
      const res = await deleteDepart(target.id);
      message.success(res.message);
      onChanged(null);
    } catch {
      // The request layer shows the server's message (该部门下存在子部门，不能删除 …).
    }
  };

  const parentOfRecord = record?.parentId ? { id: record.parentId, title: '' } : null;

  return (
    <div>
      {target.mode === 'add' && (
        <div style={{ marginBottom: 12, fontWeight: 500 }}>{DEPART_FORM_TEXT.newUnder(target.parent)}</div>
      )}
      {target.mode === 'edit' && record && allowed(PERM.departAdd) && (
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={() => onAdd({ id: record.id, title: record.departName })}>
            {DEPART_FORM_TEXT.addChild}
          </Button>
          <Button onClick={() => onAdd(parentOfRecord)}>{DEPART_FORM_TEXT.addSibling}</Button>
        </Space>
      )}
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} name="depart-form" disabled={!canWrite}>
        <Form.Item {...formField(R, 'departName')}>
          <Input placeholder={inputPlaceholder(R, 'departName')} />
        </Form.Item>
        <Form.Item
          {...formField(R, 'orgCode')}
          extra={target.mode === 'add' ? DEPART_FORM_TEXT.orgCodeHint : undefined}
        >
          <Input disabled placeholder={DEPART_FORM_TEXT.orgCodeHint} />
        </Form.Item>
        <Form.Item {...formField(R, 'orgCategory')}>
          <DictSelect dictCode={R.fields.orgCategory.dict} type="radioButton" allowClear={false} />
        </Form.Item>
        <Form.Item {...formField(R, 'departNameEn')}>
          <Input />
        </Form.Item>
        <Form.Item {...formField(R, 'departNameAbbr')}>
          <Input />
        </Form.Item>
        <Form.Item {...formField(R, 'departOrder')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {/* The form calls the department's phone 电话. */}
        <Form.Item {...formField(R, 'mobile')} label="电话">
          <Input />
        </Form.Item>
        <Form.Item {...formField(R, 'fax')}>
          <Input />
        </Form.Item>
        <Form.Item {...formField(R, 'address')}>
          <Input />
        </Form.Item>
        <Form.Item {...formField(R, 'memo')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
      <Space style={{ marginLeft: '20.8%' }}>
        {canWrite && (
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {DEPART_FORM_TEXT.save}
          </Button>
        )}
        {target.mode === 'add' && <Button onClick={onCancelAdd}>{DEPART_FORM_TEXT.cancel}</Button>}
        {target.mode === 'edit' && allowed(PERM.departDelete) && (
          <Popconfirm title={DEPART_FORM_TEXT.confirmDelete} onConfirm={() => void remove()}>
            <Button danger>{DEPART_FORM_TEXT.delete}</Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}
