import { useEffect, useState } from 'react';
import { Card, Result, Spin } from 'antd';
import { useLocation } from 'react-router';
import { ONLINE_API, type OnlineReportDef } from '@district/shared';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { DictText } from '../../../components/dict/dict-text';
import { loadReportConfig } from '../api/online-api';
import { tableFromPath } from './auto-list-page';

type Row = Record<string, unknown>;
type ReportConfig = Omit<OnlineReportDef, 'sqlText'>;

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
  const [config, setConfig] = useState<ReportConfig | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setConfig(null);
    setFailed(null);
    loadReportConfig(code)
      .then((c) => live && setConfig(c))
      .catch(
        (e: { response?: { data?: { message?: string } } }) =>
          live && setFailed(e.response?.data?.message ?? '加载失败'),
      );
    return () => {
      live = false;
    };
  }, [code]);
  if (failed) return <Result status="warning" title={failed} />;
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
    ...config.params.map((p): QueryField => ({ kind: 'input', field: p.name, label: p.label, trim: true })),
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
