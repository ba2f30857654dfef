import { useEffect, useRef, useState } from 'react';
import { App, Button, Radio, Space, Switch, Tag, Typography } from 'antd';
import { EditableTable } from '@/components/editable-table/editable-table';
import type {
  EditableColumn,
  EditableTableApi,
  TableRow,
  TableSize,
} from '@/components/editable-table/editable-table-types';
import { TABLE_SIZES } from '@/components/editable-table/editable-table-constants';
import { useTableSync } from '@/components/editable-table/use-table-sync';

const ROWS = 1000;
/**
 * `?rows=N` or the session key below (up to 100,000) loads a bigger table: the benchmark measures the
 * widget with it (the session key survives the workspace's URL handling).
 */
const ROWS_SESSION_KEY = 'editable-table-demo-rows';
const MAX_ROWS = 100_000;

function requestedRows(): number {
  const asked = Number(
    new URLSearchParams(window.location.search).get('rows') ?? window.sessionStorage.getItem(ROWS_SESSION_KEY),
  );
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_ROWS) : ROWS;
}

const COLUMNS: EditableColumn[] = [
  {
    key: 'name',
    title: '名称',
    type: 'input',
    validateRules: [{ required: true, message: '请输入${title}' }, { unique: true }],
  },
  { key: 'phone', title: '手机号', type: 'input', validateRules: [{ pattern: 'm', message: '请输入正确的手机号' }] },
  {
    key: 'qty',
    title: '数量',
    type: 'inputNumber',
    defaultValue: 1,
    statistics: 'sum',
    validateRules: [{ pattern: 'z', message: '请输入整数' }],
  },
  {
    key: 'price',
    title: '单价',
    type: 'inputNumber',
    statistics: 'average',
    validateRules: [{ pattern: 'money', message: '最多两位小数' }],
  },
  {
    key: 'status',
    title: '状态',
    type: 'select',
    options: [
      { value: '1', text: '在用' },
      { value: '2', text: '闲置' },
      { value: '3', text: '报废' },
    ],
  },
  { key: 'sex', title: '性别(字典)', type: 'select', dictCode: 'sex' },
  { key: 'enabled', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true, width: 80 },
  {
    key: 'level',
    title: '等级',
    type: 'radio',
    width: 200,
    options: [
      { value: 'A', text: '甲' },
      { value: 'B', text: '乙' },
    ],
  },
  { key: 'tags', title: '标签', type: 'tags' },
  { key: 'buyDate', title: '购置日期', type: 'date' },
  { key: 'checkTime', title: '盘点时间', type: 'datetime' },
  { key: 'remark', title: '备注', type: 'input_pop', placeholder: '请填写${title}（${key}）' },
  { key: 'owner', title: '负责人', type: 'sel_user' },
  { key: 'depart', title: '部门', type: 'sel_depart' },
  {
    key: 'usage',
    title: '用途(多选)',
    type: 'list_multi',
    width: 180,
    options: [
      { value: 'office', text: '办公' },
      { value: 'rent', text: '出租' },
      { value: 'store', text: '仓储' },
    ],
  },
  {
    key: 'city',
    title: '城市(搜索)',
    type: 'sel_search',
    options: [
      { value: 'cd', text: '成都' },
      { value: 'cq', text: '重庆' },
      { value: 'bj', text: '北京' },
    ],
  },
  { key: 'photo', title: '照片', type: 'image', width: 150 },
  { key: 'attachment', title: '附件', type: 'file', width: 150 },
  { key: 'code', title: '编码', type: 'normal' },
  { key: 'secret', title: '内部标记', type: 'hidden', defaultValue: 'demo' },
];

const STATUS_TEXT = { connecting: '连接中', open: '已连接', closed: '已断开', error: '连接出错' } as const;

function demoRows(): TableRow[] {
  const count = requestedRows();
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      id: `demo-${String(n).padStart(Math.max(4, width), '0')}`,
      name: `资产${n}`,
      phone: '',
      qty: (n % 7) + 1,
      price: ((n % 13) * 1.5).toFixed(2),
      status: String((n % 3) + 1),
      sex: n % 2 ? '1' : '2',
      enabled: n % 5 ? 'Y' : 'N',
      level: n % 2 ? 'A' : 'B',
      tags: '',
      buyDate: '2026-01-01',
      checkTime: '',
      remark: '',
      owner: '',
      depart: '',
      usage: 'office',
      city: 'cd',
      photo: '',
      attachment: '',
      code: `ZC${String(n).padStart(6, '0')}`,
      secret: 'demo',
    };
  });
}

/** The editable table demo: 1,000 rows, every column type, validation, sorting and real-time sync. */
export default function EditableTableDemo() {
  const { message } = App.useApp();
  const table = useRef<EditableTableApi>(null);
  const [dataSource] = useState(demoRows);
  const [size, setSize] = useState<TableSize>('medium');
  const [alwaysEdit, setAlwaysEdit] = useState(false);
  const dirty = useRef(new Set<string>());
  const { status, sendRow } = useTableSync({ table, pageId: 'gallery-editable-table', socketKey: 'assets' });

  // The benchmark drives the table through its API (selection timing) when it asked for its own size.
  useEffect(() => {
    if (requestedRows() === ROWS) return;
    const holder = window as unknown as { __editableTable?: EditableTableApi | null };
    holder.__editableTable = table.current;
    return () => {
      holder.__editableTable = null;
    };
  }, []);

  const save = async () => {
    const { error, values } = await table.current!.getValues();
    if (error > 0) {
      message.warning(`校验未通过，共 ${error} 处错误`);
      return;
    }
    const byId = new Map(values.map((row) => [String(row.id), row]));
    for (const id of dirty.current) {
      const row = byId.get(id.replace(/^tmp_/, ''));
      if (row) sendRow(id, row);
    }
    dirty.current.clear();
    message.success('保存成功');
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>尺寸</span>
        <Radio.Group
          value={size}
          onChange={(e) => setSize(e.target.value as TableSize)}
          options={TABLE_SIZES.map((s) => ({ value: s, label: s }))}
        />
        <span>始终编辑</span>
        <Switch checked={alwaysEdit} onChange={setAlwaysEdit} />
        <Tag color={status === 'open' ? 'green' : 'default'} data-testid="sync-status">
          实时同步：{STATUS_TEXT[status]}
        </Tag>
      </Space>
      <EditableTable
        ref={table}
        columns={COLUMNS}
        dataSource={dataSource}
        size={size}
        alwaysEdit={alwaysEdit}
        rowSelection
        rowNumber
        dragSort
        actionButton
        rowActions
        disabledRows={(row) => row.id === 'demo-0003'}
        subTable={(row) => (
          <div>
            <Typography.Text strong>{String(row.name)} 的明细</Typography.Text>
            <div>编码：{String(row.code)}</div>
          </div>
        )}
        onValueChange={({ rowId }) => dirty.current.add(rowId)}
        toolbarExtra={
          <>
            <Button onClick={() => void save()}>保存</Button>
            <Button
              onClick={async () => {
                const { error } = await table.current!.validate();
                if (error > 0) message.warning(`校验未通过，共 ${error} 处错误`);
                else message.success('校验通过');
              }}
            >
              校验
            </Button>
          </>
        }
      />
    </Space>
  );
}
