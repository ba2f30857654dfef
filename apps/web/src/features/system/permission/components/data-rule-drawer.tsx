import {
  DATA_RULE_CONDITION_LABELS,
  DATA_RULE_RESOURCE as R,
  PERM,
  PERMISSION_STATUS_LABELS,
  type DataRuleCondition,
  type PermissionDataRuleRecord,
} from '@district/shared';
import { Button, Drawer, Form, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HasPermission } from '@/components/has-permission/has-permission';
import { inputPlaceholder } from '@/components/form-modal/field-rules';
import { feedback } from '@/lib/feedback';
import { deleteRule, fetchRules, type RuleQuery } from '../api/permission-api';
import { DataRuleFormModal } from './data-rule-form-modal';

export const DATA_RULE_TEXT = {
  title: (menu: string) => `数据规则：${menu}`,
  search: '查询',
  reset: '重置',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: '确定删除该数据规则吗？',
} as const;

interface DataRuleDrawerProps {
  /** The menu whose rules are shown; null closes the drawer. */
  menu: { id: string; name: string } | null;
  onClose: () => void;
  /** Rules changed (the menu's ruleFlag may have changed with them). */
  onChanged?: () => void;
}

/** A menu's data rules: search, add, edit, delete. */
export function DataRuleDrawer({ menu, onClose, onChanged }: DataRuleDrawerProps) {
  const [query] = Form.useForm<RuleQuery>();
  const [editing, setEditing] = useState<PermissionDataRuleRecord | 'new' | null>(null);
  // The search as last submitted; another menu starts without one.
  const [search, setSearch] = useState<{ menuId: string; query: RuleQuery } | null>(null);
  const ruleQuery = menu && search?.menuId === menu.id ? search.query : {};
  const rules = useQuery({
    queryKey: ['system', 'permission', 'rules', menu?.id, ruleQuery],
    queryFn: () => fetchRules(menu!.id, ruleQuery),
    enabled: menu !== null,
  });
  // The next menu opens with an empty search.
  const close = () => {
    query.resetFields();
    setSearch(null);
    onClose();
  };
  const load = () => {
    if (!menu) return;
    const next = query.getFieldsValue();
    if (JSON.stringify(next) === JSON.stringify(ruleQuery)) void rules.refetch();
    else setSearch({ menuId: menu.id, query: next });
  };

  const remove = async (id: string) => {
    try {
      feedback.message.success(await deleteRule(id));
      load();
      onChanged?.();
    } catch {
      // shown by the request layer
    }
  };

  const columns: TableColumnsType<PermissionDataRuleRecord> = [
    { title: R.fields.ruleName.title, dataIndex: 'ruleName', ellipsis: true },
    { title: R.fields.ruleColumn.title, dataIndex: 'ruleColumn', width: 130, ellipsis: true },
    {
      title: R.fields.ruleConditions.title,
      dataIndex: 'ruleConditions',
      width: 120,
      render: (c: string) => DATA_RULE_CONDITION_LABELS[c as DataRuleCondition] ?? c,
    },
    { title: R.fields.ruleValue.title, dataIndex: 'ruleValue', ellipsis: true },
    {
      title: R.fields.status.title,
      dataIndex: 'status',
      width: 70,
      render: (s: string) => (
        <Tag color={s === '1' ? 'green' : 'default'}>{PERMISSION_STATUS_LABELS[s as '0' | '1'] ?? s}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, row) => (
        <Space size="small">
          <a onClick={() => setEditing(row)}>{DATA_RULE_TEXT.edit}</a>
          <Popconfirm title={DATA_RULE_TEXT.deleteConfirm} onConfirm={() => remove(row.id)}>
            <a>{DATA_RULE_TEXT.delete}</a>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Drawer title={menu ? DATA_RULE_TEXT.title(menu.name) : ''} open={menu !== null} onClose={close} size={820}>
      <Form form={query} name="dataRuleQuery" layout="inline" onFinish={load} style={{ marginBottom: 12 }}>
        <Form.Item name="ruleName" label={R.fields.ruleName.title}>
          <Input allowClear placeholder={inputPlaceholder(R, 'ruleName')} />
        </Form.Item>
        <Form.Item name="ruleValue" label={R.fields.ruleValue.title}>
          <Input allowClear placeholder={inputPlaceholder(R, 'ruleValue')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {DATA_RULE_TEXT.search}
          </Button>
          <Button
            onClick={() => {
              query.resetFields();
              load();
            }}
          >
            {DATA_RULE_TEXT.reset}
          </Button>
          <HasPermission action={PERM.permissionDataRule}>
            <Button type="primary" onClick={() => setEditing('new')}>
              {DATA_RULE_TEXT.add}
            </Button>
          </HasPermission>
        </Space>
      </Form>
      <Table<PermissionDataRuleRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
      />
      {menu && (
        <DataRuleFormModal
          permissionId={menu.id}
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
            onChanged?.();
          }}
        />
      )}
    </Drawer>
  );
}
