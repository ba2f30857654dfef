import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { BIZ_SELECT_PAGE, encodeFilter, type PageResult } from '@district/shared';
import { getAction } from '@/lib/request';

export type BizRow = Record<string, unknown>;

export interface BizSelectColumn {
  dataIndex: string;
  title: string;
  width?: number;
}

export interface BizSelectModalProps {
  open: boolean;
  title?: string;
  /** Any list URL of the list contract (pageNo, pageSize, field filters → a page of records). */
  listUrl: string;
  columns: BizSelectColumn[];
  /** The record field that is the value; 'id' by default. */
  valueKey?: string;
  /** The record field shown on the tags; the value field by default. */
  displayKey?: string;
  multiple?: boolean;
  /** The field the search box filters (a "contains" filter); the display field by default. */
  queryParamCode?: string;
  /** Label of the search box. */
  queryParamText?: string;
  /** Records chosen when the modal opens. */
  selected?: BizRow[];
  onOk: (rows: BizRow[]) => void;
  onCancel: () => void;
}

export const BIZ_SELECT_MODAL_WIDTH = 900;

/** Business select modal (width 900, page size 5): a generic picker over a list URL, chosen rows as tags. */
export function BizSelectModal({
  open,
  title = '选择',
  listUrl,
  columns,
  valueKey = 'id',
  displayKey,
  multiple = true,
  queryParamCode,
  queryParamText = '名称',
  selected: initial,
  onOk,
  onCancel,
}: BizSelectModalProps) {
  const { message } = App.useApp();
  const shownKey = displayKey ?? valueKey;
  const searchKey = queryParamCode ?? shownKey;
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: BIZ_SELECT_PAGE.pageSize });
  const [rows, setRows] = useState<BizRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Map<string, BizRow>>(new Map());
  const request = useRef(0);
  const keyOf = (row: BizRow) => String(row[valueKey]);

  const reset = useEffectEvent(() => {
    setKeyword('');
    setSearch('');
    setPaging({ pageNo: 1, pageSize: BIZ_SELECT_PAGE.pageSize });
    setSelected(new Map((initial ?? []).map((r) => [keyOf(r), r])));
  });
  useEffect(() => {
    if (open) reset();
  }, [open]);

  const load = useEffectEvent(() => {
    const id = ++request.current;
    setLoading(true);
    const params: Record<string, unknown> = { ...paging };
    if (search.trim()) params[searchKey] = encodeFilter(search, 'like', true);
    getAction<PageResult<BizRow>>(listUrl, params)
      .then((res) => {
        if (id !== request.current) return;
        if (!res.success) {
          message.warning(res.message);
          return;
        }
        setRows(res.result?.records ?? []);
        setTotal(res.result?.total ?? 0);
      })
      // The request layer has shown the failure already.
      .catch(() => undefined)
      .finally(() => id === request.current && setLoading(false));
  });
  useEffect(() => {
    if (open) load();
  }, [open, paging, search, listUrl]);

  const choose = (row: BizRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(multiple ? prev : []);
      if (on) next.set(keyOf(row), row);
      else next.delete(keyOf(row));
      return next;
    });

  const tableColumns: TableColumnsType<BizRow> = columns.map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    ellipsis: true,
  }));

  return (
    <Modal
      open={open}
      title={title}
      width={BIZ_SELECT_MODAL_WIDTH}
      destroyOnHidden
      className="biz-select-modal"
      onCancel={onCancel}
      onOk={() => onOk([...selected.values()])}
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={() => {
          setSearch(keyword);
          setPaging((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item label={queryParamText}>
          <Input
            allowClear
            placeholder={`请输入${queryParamText}`}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              setKeyword('');
              setSearch('');
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <div className="biz-select-tags" style={{ marginBottom: 12, minHeight: 24 }}>
        {[...selected.values()].map((row) => (
          <Tag key={keyOf(row)} closable color="blue" onClose={() => choose(row, false)}>
            {String(row[shownKey] ?? keyOf(row))}
          </Tag>
        ))}
      </div>
      <Table<BizRow>
        rowKey={keyOf}
        size="small"
        bordered
        loading={loading}
        columns={tableColumns}
        dataSource={rows}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (row, on) => choose(row, on),
          onSelectAll: (on, _all, changed) => changed.forEach((row) => row && choose(row, on)),
        }}
        onRow={(row) => ({
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) {
              choose(row, !selected.has(keyOf(row)));
            }
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: BIZ_SELECT_PAGE.pageSizeOptions.map(String),
          showTotal: (count) => `共 ${count} 条`,
        }}
        onChange={(p) => setPaging({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? BIZ_SELECT_PAGE.pageSize })}
      />
    </Modal>
  );
}
