import { useEffect, useState } from 'react';
import { App, Button, Empty, Form, Input, InputNumber, Popconfirm, Space } from 'antd';
import {
  DEPART_LIMITS as L,
  DEPART_MESSAGES as M,
  PERM,
  lengthRules,
  type DepartRecord,
  type DepartTreeNode,
} from '@district/shared';
import { DictSelect } from '../../../../components/dict/dict-select';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
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

/** The department detail of 部门管理: edited in place; adds a child or a sibling; deletes. */
export function DepartForm({ target, onAdd, onChanged, onCancelAdd }: DepartFormProps) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const [form] = Form.useForm<Values>();
  const [record, setRecord] = useState<DepartRecord | null>(null);
  const [saving, setSaving] = useState(false);

  const editId = target?.mode === 'edit' ? target.id : null;
  useEffect(() => {
    form.resetFields();
    setRecord(null);
    if (target?.mode === 'add') {
      form.setFieldsValue({ orgCategory: target.parent ? '2' : '1', departOrder: 0 });
      return;
    }
    if (!editId) return;
    let active = true;
    fetchDepart(editId)
      .then((r) => {
        if (!active) return;
        setRecord(r);
        form.setFieldsValue(r);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [editId, target, form]);

  if (!target) return <Empty description={DEPART_FORM_TEXT.pick} />;
  const canWrite = target.mode === 'add' ? allowed(PERM.departAdd) : allowed(PERM.departEdit);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { orgCode: _code, parentId: _parent, ...fields } = v;
      const payload = {
        ...fields,
        departName: v.departName.trim(),
        ...(target.mode === 'edit' ? { id: target.id } : { parentId: target.parent?.id ?? null }),
      };
      const res = await saveDepart(payload);
      message.success(res.message);
      const newId = (res.result as { id?: string } | null)?.id;
      onChanged(target.mode === 'edit' ? target.id : (newId ?? null));
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

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
        <Form.Item
          label="机构名称"
          name="departName"
          rules={[
            { required: true, whitespace: true, message: M.departNameRequired },
            ...lengthRules({ max: L.departName }),
          ]}
        >
          <Input placeholder="请输入机构名称" />
        </Form.Item>
        <Form.Item
          label="机构编码"
          name="orgCode"
          extra={target.mode === 'add' ? DEPART_FORM_TEXT.orgCodeHint : undefined}
        >
          <Input disabled placeholder={DEPART_FORM_TEXT.orgCodeHint} />
        </Form.Item>
        <Form.Item label="机构类别" name="orgCategory" rules={[{ required: true, message: M.orgCategoryRequired }]}>
          <DictSelect dictCode="org_category" type="radioButton" allowClear={false} />
        </Form.Item>
        <Form.Item label="英文名" name="departNameEn" rules={lengthRules({ max: L.departNameEn })}>
          <Input />
        </Form.Item>
        <Form.Item label="缩写" name="departNameAbbr" rules={lengthRules({ max: L.departNameAbbr })}>
          <Input />
        </Form.Item>
        <Form.Item label="排序" name="departOrder">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="电话" name="mobile" rules={lengthRules({ max: L.mobile })}>
          <Input />
        </Form.Item>
        <Form.Item label="传真" name="fax" rules={lengthRules({ max: L.fax })}>
          <Input />
        </Form.Item>
        <Form.Item label="地址" name="address" rules={lengthRules({ max: L.address })}>
          <Input />
        </Form.Item>
        <Form.Item label="备注" name="memo" rules={lengthRules({ max: L.memo })}>
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
