import { Alert, Card, Result, Spin } from 'antd';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ONLINE_API, ONLINE_MESSAGES } from '@district/shared';
import { ListPage } from '@/components/list-page/list-page';
import type { ListColumn } from '@/components/list-page/list-columns';
import type { QueryField } from '@/components/list-page/list-query';
import { DictText } from '@/components/dict/dict-text';
import { loadFailure, loadReportConfig, onlineKeys } from '../api/online-api';
import { tableFromPath } from './auto-list-page';

type Row = Record<string, unknown>;

function hrefOf(template: string, row: Row): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(row[k] ?? '')));
}

/** The report auto list: one online report's rows, paged, sorted, filtered and exported (/online/cgreportList/{code}). */
export function ReportAutoListPage() {
  const { pathname } = useLocation();
  return <ReportView code={tableFromPath(pathname)} />;
}

/** One online report's rows (the report auto list, and 功能测试 of 报表配置). */
export function ReportView({ code }: { code: string }) {
  const { data: config, error } = useQuery({
    queryKey: onlineKeys.reportConfig(code),
    queryFn: () => loadReportConfig(code),
    // 功能测试 follows an edit of the report: never show the definition as it was.
    gcTime: 0,
  });
  if (error) return <Result status="warning" title={loadFailure(error)} />;
  if (!config) return <Spin style={{ display: 'block', margin: 48 }} />;
  const columns: ListColumn<Row>[] = config.columns
    .filter((c) => !c.hidden)
    .map((c) => ({
      title: c.label,
      dataIndex: c.field,
      key: c.field,
      width: c.width ?? undefined,
      sorter: !!c.sortable,
      render: (v: unknown, row: Row) => {
        const text = c.dictCode ? <DictText dictCode={c.dictCode} value={v as string} /> : String(v ?? '');
        return c.link ? <a href={hrefOf(c.link, row)}>{text}</a> : text;
      },
    }));
  const queryFields: QueryField[] = [
    // A parameter says what it takes: its dictionary's labels to choose from, or a hint in the empty field.
    ...config.params.map((p): QueryField => {
      const placeholder = p.hint || (p.defaultValue ? `默认 ${p.defaultValue}` : undefined);
      return p.dictCode
        ? { kind: 'dict', field: p.name, label: p.label, dictCode: p.dictCode, placeholder }
        : { kind: 'input', field: p.name, label: p.label, trim: true, placeholder };
    }),
    ...config.queryFields.map((f): QueryField =>
      f.dictCode
        ? { kind: 'dict', field: f.field, label: f.label, dictCode: f.dictCode }
        : f.mode === 'range'
          ? { kind: 'dateRange', field: f.field, label: f.label }
          : { kind: 'input', field: f.field, label: f.label, trim: true },
    ),
  ];
  return (
    <Card size="small" title={config.name}>
      {/* Reads every tenant's rows: the server runs it for platform administrators only. */}
      {config.platformOnly && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={ONLINE_MESSAGES.reportPlatformOnly} />
      )}
      <ListPage<Row>
        key={code}
        url={{ list: `${ONLINE_API.reportData}/${code}`, exportXls: `${ONLINE_API.reportExport}/${code}` }}
        columns={columns}
        queryFields={queryFields}
        exportName={config.name}
        selectable={false}
        rowKey={config.columns[0]?.field ?? 'id'}
      />
    </Card>
  );
}
