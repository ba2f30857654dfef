import { useEffect, useMemo, useState } from 'react';
import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POPUP_MESSAGES, POPUP_REPORT, type DictItem, type PopupReportRow } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { loadPopupReportConfig, loadPopupReportData } from './popup-report-api';

export interface PopupReportModalProps {
  open: boolean;
  /** The report's code (getRpColumns/{code}). */
  code: string;
  /** Several records may be chosen; otherwise exactly one. */
  multi?: boolean;
  /** Dynamic parameters of the report, sent as self_<name>. */
  param?: Record<string, unknown>;
  /** Shown until the report's own name is known. */
  title?: string;
  onOk: (rows: PopupReportRow[]) => void;
  onCancel: () => void;
}

/** The confirm rule of widgets-spec §5: nothing chosen, or more than one in single mode, is refused. */
export function popupSelectionError(count: number, multi: boolean): string | null {
  return count === 0 || (!multi && count > 1) ? POPUP_MESSAGES.selectOne : null;
}

function dictText(options: DictItem[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const raw = String(value);
  if (!options) return raw;
  return raw
    .split(',')
    .map((v) => {
      const item = options.find((o) => String(o.value) === v);
      return item ? (item.text ?? item.title ?? item.label ?? v) : v;
    })
    .join(',');
}

interface Paging {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
}

const FIRST_PAGE: Paging = { pageNo: 1, pageSize: POPUP_REPORT.pageSize };
const NO_ROWS: PopupReportRow[] = [];

/** Popup report picker (width 1200): query form from getQueryInfo, rows from getData, single or multi choice. */
export function PopupReportModal({ open, code, multi = false, param, title, onOk, onCancel }: PopupReportModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [query, setQuery] = useState<Record<string, unknown>>({});
  // Each 查询 and 重置 asks again, even with the same values.
  const [round, setRound] = useState(0);
  // Chosen rows by id, kept across pages.
  const [selected, setSelected] = useState<Map<string, PopupReportRow>>(new Map());
  const paramKey = JSON.stringify(param ?? {});

  // Each opening starts afresh: first page, empty query, nothing chosen (and nothing kept of the last opening).
  useEffect(() => {
    if (!open) return;
    setSelected(new Map());
    setPaging(FIRST_PAGE);
    setQuery({});
    setExpanded(false);
  }, [open, code]);

  // The columns and query form (loadPopupReportConfig keeps them 30 s).
  const configQuery = useQuery({
    queryKey: ['popup-report', 'config', code],
    enabled: open,
    gcTime: 0,
    queryFn: () =>
      loadPopupReportConfig(code).catch((error: unknown) => {
        message.error(errorMessage(error, '加载popup报表配置失败'));
        throw error;
      }),
  });
  const config = configQuery.data ?? null;

  const dataQuery = useQuery({
    queryKey: ['popup-report', 'data', config?.cgRpConfigId, paging, query, paramKey, round],
    enabled: open && config !== null,
    gcTime: 0,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: () =>
      loadPopupReportData(config!.cgRpConfigId, { ...paging, query, param }).catch((error: unknown) => {
        message.error(errorMessage(error, '查询失败'));
        throw error;
      }),
  });
  const rows = dataQuery.data?.records ?? NO_ROWS;
  const total = dataQuery.data?.total ?? 0;
  const loading = configQuery.isFetching || dataQuery.isFetching;

  const columns = useMemo<TableColumnsType<PopupReportRow>>(
    () =>
      (config?.columns ?? []).map((c) => ({
        key: c.field,
        dataIndex: c.field,
        title: c.title,
        ellipsis: true,
        sorter: c.sortable ? true : undefined,
        sortOrder:
          paging.column === c.field ? (paging.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
        render: (value: unknown) => (c.dictCode ? dictText(config?.dictOptions[c.field], value) : (value as string)),
      })),
    [config, paging.column, paging.order],
  );

  const toggle = (row: PopupReportRow) => {
    setSelected((prev) => {
      const next = new Map(multi ? prev : []);
      if (prev.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  };

  const confirm = () => {
    const chosen = [...selected.values()];
    const problem = popupSelectionError(chosen.length, multi);
    if (problem) {
      message.warning(problem);
      return;
    }
    onOk(chosen);
  };

  const queryItems = config?.queryItems ?? [];
  const hasHidden = queryItems.some((q) => q.hidden === '1');
  const shownItems = queryItems.filter((q) => expanded || q.hidden !== '1');

  return (
    <Modal
      open={open}
      title={config?.cgRpConfigName ?? title ?? '请选择'}
      width={POPUP_REPORT.modalWidth}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      className="popup-report-modal"
    >
      {queryItems.length > 0 && (
        <Form
          form={form}
          className="popup-report-query"
          onFinish={(values) => {
            setQuery(values);
            setPaging((p) => ({ ...p, pageNo: 1 }));
            setRound((n) => n + 1);
          }}
        >
          <Row gutter={16}>
            {shownItems.map((item) => (
              <Col key={item.field} xs={24} md={8}>
                <Form.Item name={item.field} label={item.title}>
                  {item.dictCode ? (
                    <Select
                      allowClear
                      placeholder={`请选择${item.title}`}
                      options={(config?.dictOptions[item.field] ?? []).map((o) => ({
                        value: String(o.value),
                        label: o.text ?? o.title ?? o.label,
                      }))}
                    />
                  ) : (
                    <Input allowClear placeholder={`请输入${item.title}`} />
                  )}
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={8}>
              <Space>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    setQuery({});
                    setPaging((p) => ({ ...p, pageNo: 1 }));
                    setRound((n) => n + 1);
                  }}
                >
                  重置
                </Button>
                {hasHidden && (
                  <Button type="link" onClick={() => setExpanded((e) => !e)}>
                    {expanded ? '收起' : '展开'}
                  </Button>
                )}
              </Space>
            </Col>
          </Row>
        </Form>
      )}
      <div className="popup-report-selection" style={{ marginBottom: 8 }}>
        已选择 <a>{selected.size}</a> 项
        {selected.size > 0 && (
          <Button type="link" size="small" onClick={() => setSelected(new Map())}>
            清空
          </Button>
        )}
      </div>
      <Table<PopupReportRow>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: true }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, chosen) => {
            setSelected((prev) => {
              // Keep rows chosen on other pages; replace this page's choice.
              const next = new Map(multi ? [...prev].filter(([id]) => !rows.some((r) => r.id === id)) : []);
              for (const row of chosen) if (row) next.set(row.id, row);
              return next;
            });
          },
        }}
        onRow={(row) => ({
          // A click on the row chooses it too; the selection cell handles its own clicks.
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) toggle(row);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: POPUP_REPORT.pageSizeOptions.map(String),
          showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<PopupReportRow> | undefined;
          const column = s?.order ? String(s.columnKey ?? s.field) : undefined;
          setPaging({
            pageNo: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? POPUP_REPORT.pageSize,
            column,
            order: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : undefined,
          });
        }}
      />
    </Modal>
  );
}
