import { Empty, Table, Tag, Timeline, Typography, type TableColumnsType } from 'antd';
import { LEDGER_RESOURCE } from '@district/shared';
import { DEPART_NAME_DICT } from '@/components/pickers/picker-api';
import { usePickedNames } from '@/components/pickers/use-picked-names';
import { getFileAccessHttpUrl } from '@/lib/request';
import { formatYuan, ledgerTypeText, pathsOf, statusItem, type LedgerRecord } from '../api/asset-api';

export const LEDGER_TEXT = {
  empty: '暂无台账事件',
  amountLabel: { lease: '租金', repair: '维修费用', disposal: '处置收入', revaluation: '变动后净值' } as Record<
    string,
    string
  >,
} as const;

/** Department names of the entries: the server's labels when it sent them, else looked up once. */
export function useLedgerDepartNames(entries: readonly LedgerRecord[]) {
  const ids = [
    ...new Set(
      entries
        .flatMap((e) => [e.fromDepartId_dictText ? null : e.fromDepartId, e.toDepartId_dictText ? null : e.toDepartId])
        .filter((v): v is string => Boolean(v)),
    ),
  ];
  const { names } = usePickedNames(DEPART_NAME_DICT, ids);
  const byId = Object.fromEntries(ids.map((id, i) => [id, names[i] ?? id]));
  return (entry: LedgerRecord, side: 'from' | 'to') => {
    const label = side === 'from' ? entry.fromDepartId_dictText : entry.toDepartId_dictText;
    const id = side === 'from' ? entry.fromDepartId : entry.toDepartId;
    return label || (id ? (byId[id] ?? id) : '');
  };
}

const F = LEDGER_RESOURCE.fields;

const statusText = (s: string | null) => (s ? (statusItem(s)?.text ?? s) : '');

/** One line per fact of an event: departments, status change, counterparty, amounts. */
function facts(entry: LedgerRecord, depart: ReturnType<typeof useLedgerDepartNames>): string[] {
  const lines: string[] = [];
  const from = depart(entry, 'from');
  const to = depart(entry, 'to');
  if (from && to && from !== to) lines.push(`部门：${from} → ${to}`);
  else if (to || from) lines.push(`部门：${to || from}`);
  if (entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus)
    lines.push(`状态：${statusText(entry.fromStatus)} → ${statusText(entry.toStatus)}`);
  if (entry.counterparty) lines.push(`相对方：${entry.counterparty}`);
  if (entry.amount !== null && entry.amount !== undefined && entry.type !== 'revaluation')
    lines.push(`${LEDGER_TEXT.amountLabel[entry.type] ?? '金额'}：${formatYuan(entry.amount)} 元`);
  if (
    entry.netValueBefore !== null &&
    entry.netValueAfter !== null &&
    entry.netValueBefore !== undefined &&
    entry.netValueAfter !== undefined &&
    entry.netValueBefore !== entry.netValueAfter
  )
    lines.push(`净值：${formatYuan(entry.netValueBefore)} → ${formatYuan(entry.netValueAfter)} 元`);
  if (entry.remark) lines.push(`备注：${entry.remark}`);
  return lines;
}

function Documents({ value }: { value: string | null }) {
  const docs = pathsOf(value);
  if (!docs.length) return null;
  return (
    <div>
      {docs.map((p) => (
        <a key={p} href={getFileAccessHttpUrl(p)} target="_blank" rel="noreferrer" style={{ marginRight: 12 }}>
          {p.split('/').pop()}
        </a>
      ))}
    </div>
  );
}

/** The ledger as a timeline, newest first: type, date, departments and amounts of each event. */
export function LedgerTimeline({ entries }: { entries: readonly LedgerRecord[] }) {
  const depart = useLedgerDepartNames(entries);
  if (!entries.length) return <Empty description={LEDGER_TEXT.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="ledger-timeline"
      items={entries.map((e) => ({
        key: e.id,
        content: (
          <div>
            <div>
              <Tag color="blue">{e.type_dictText || ledgerTypeText(e.type)}</Tag>
              <Typography.Text strong>{e.eventDate}</Typography.Text>
              {e.createBy && <Typography.Text type="secondary"> · {e.createBy_dictText || e.createBy}</Typography.Text>}
            </div>
            {facts(e, depart).map((line) => (
              <div key={line}>{line}</div>
            ))}
            <Documents value={e.documents} />
          </div>
        ),
      }))}
    />
  );
}

/** The ledger as a table, paged on the page (an asset has tens of events, not thousands). */
export function LedgerTable({ entries, loading }: { entries: readonly LedgerRecord[]; loading?: boolean }) {
  const depart = useLedgerDepartNames(entries);
  const columns: TableColumnsType<LedgerRecord> = [
    { title: F.eventDate.title, dataIndex: 'eventDate', width: 110 },
    {
      title: F.type.title,
      dataIndex: 'type',
      width: 100,
      render: (v: string, r) => r.type_dictText || ledgerTypeText(v),
    },
    {
      title: F.fromDepartId.title,
      key: 'from',
      width: 140,
      ellipsis: true,
      render: (_: unknown, r) => depart(r, 'from'),
    },
    { title: F.toDepartId.title, key: 'to', width: 140, ellipsis: true, render: (_: unknown, r) => depart(r, 'to') },
    {
      title: '状态变化',
      key: 'status',
      width: 120,
      render: (_: unknown, r) =>
        r.fromStatus && r.toStatus && r.fromStatus !== r.toStatus
          ? `${statusText(r.fromStatus)} → ${statusText(r.toStatus)}`
          : statusText(r.toStatus),
    },
    { title: F.counterparty.title, dataIndex: 'counterparty', width: 140, ellipsis: true },
    {
      title: F.amount.title,
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: number | null) => formatYuan(v),
    },
    {
      title: F.netValueAfter.title,
      dataIndex: 'netValueAfter',
      width: 150,
      align: 'right',
      render: (v: number | null) => formatYuan(v),
    },
    {
      title: F.documents.title,
      dataIndex: 'documents',
      width: 160,
      render: (v: string | null) => <Documents value={v} />,
    },
    { title: F.remark.title, dataIndex: 'remark', ellipsis: true },
    {
      title: F.createBy.title,
      dataIndex: 'createBy',
      width: 100,
      render: (v: string | null, r) => r.createBy_dictText || v,
    },
  ];
  return (
    <Table<LedgerRecord>
      size="middle"
      bordered
      rowKey="id"
      columns={columns}
      dataSource={entries as LedgerRecord[]}
      loading={loading}
      scroll={{ x: 1400 }}
      pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 条`, hideOnSinglePage: false }}
    />
  );
}
