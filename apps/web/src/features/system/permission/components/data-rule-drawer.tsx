import {
  DATA_RULE_CONDITION_LABELS,
  PERM,
  PERMISSION_STATUS_LABELS,
  type DataRuleCondition,
  type PermissionDataRuleRecord,
} from '@district/shared';
import { Button, Drawer, Form, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { HasPermission } from '../../../../components/has-permission/has-permission';
import { feedback } from '../../../../lib/feedback';
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
  const [rows, setRows] = useState<PermissionDataRuleRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<PermissionDataRuleRecord | 'new' | null>(null);

  const load = useCallback(async () => {
    if (!menu) return;
    setLoading(true);
    try {
      setRows(await fetchRules(menu.id, query.getFieldsValue()));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [menu, query]);

  useEffect(() => {
    if (!menu) return;
    query.resetFields();
    setRows([]);
    void load();
  }, [menu, load, query]);

  const remove = async (id: string) => {
    try {
      feedback.message.success(await deleteRule(id));
      await load();
      onChanged?.();
    } catch {
      // shown by the request layer
    }
  };

  const columns: TableColumnsType<PermissionDataRuleRecord> = [
    { title: '规则名称', dataIndex: 'ruleName', ellipsis: true },
    { title: '规则字段', dataIndex: 'ruleColumn', width: 130, ellipsis: true },
    {
      title: '条件规则',
      dataIndex: 'ruleConditions',
      width: 120,
      render: (c: string) => DATA_RULE_CONDITION_LABELS[c as DataRuleCondition] ?? c,
    },
    { title: '规则值', dataIndex: 'ruleValue', ellipsis: true },
    {
      title: '状态',
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
    <Drawer title={menu ? DATA_RULE_TEXT.title(menu.name) : ''} open={menu !== null} onClose={onClose} size={820}>
      <Form form={query} name="dataRuleQuery" layout="inline" onFinish={() => void load()} style={{ marginBottom: 12 }}>
        <Form.Item name="ruleName" label="规则名称">
          <Input allowClear placeholder="请输入规则名称" />
        </Form.Item>
        <Form.Item name="ruleValue" label="规则值">
          <Input allowClear placeholder="请输入规则值" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {DATA_RULE_TEXT.search}
          </Button>
          <Button
            onClick={() => {
              query.resetFields();
              void load();
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
        dataSource={rows}
        loading={loading}
        pagination={false}
      />
      {menu && (
        <DataRuleFormModal
          permissionId={menu.id}
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
            onChanged?.();
          }}
        />
      )}
    </Drawer>
  );
}
