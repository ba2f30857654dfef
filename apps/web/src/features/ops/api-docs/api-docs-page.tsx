import { useMemo, useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { API_DOCS_PATH } from '@district/shared';
import { http } from '@/lib/request';

/** What the page reads of an OpenAPI 3.1 operation. */
interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  'x-permission': string[];
  'x-platform-only': boolean;
  'x-auth': string;
  requestBody?: { content: Record<string, { schema: unknown }> };
}
interface OpenApiDoc {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}

export const API_DOCS_TEXT = {
  title: '接口文档',
  search: '按路径、名称或权限标识筛选',
  download: '下载 openapi.json',
  count: (n: number) => `共 ${n} 个接口`,
  body: '请求体（JSON Schema）',
  public: '公开',
  display: '展示页（含访客）',
  user: '任一登录用户',
  platform: '仅平台管理员',
  failed: '接口文档加载失败',
} as const;

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', delete: 'red' };

interface Row {
  method: string;
  path: string;
  op: Operation;
}

/** 系统监控 → 接口文档: the OpenAPI description grouped by screen, searchable, downloadable for integrators. */
export function ApiDocsPage() {
  const [filter, setFilter] = useState('');
  const query = useQuery({
    queryKey: ['ops', 'api-docs'],
    queryFn: async () => (await http.get<OpenApiDoc>(API_DOCS_PATH)).data,
    staleTime: 60_000,
  });

  const groups = useMemo(() => {
    const rows: Row[] = [];
    for (const [path, methods] of Object.entries(query.data?.paths ?? {})) {
      for (const [method, op] of Object.entries(methods)) rows.push({ method, path, op });
    }
    const needle = filter.trim().toLowerCase();
    const shown = needle
      ? rows.filter((r) =>
          [r.path, r.op.summary, ...r.op['x-permission'], r.op.tags[0] ?? ''].some((t) =>
            t.toLowerCase().includes(needle),
          ),
        )
      : rows;
    const byTag = new Map<string, Row[]>();
    for (const r of shown) {
      const tag = r.op.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), r]);
    }
    return { total: shown.length, groups: [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b, 'zh-CN')) };
  }, [query.data, filter]);

  const download = () => {
    const blob = new Blob([JSON.stringify(query.data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'openapi.json';
    a.click();
    URL.revokeObjectURL(url);
  };

  if (query.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (query.isError || !query.data) return <Alert type="error" showIcon title={API_DOCS_TEXT.failed} />;

  return (
    <Card
      size="small"
      title={`${query.data.info.title} · ${query.data.info.version}`}
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {API_DOCS_TEXT.download}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{query.data.info.description}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          aria-label={API_DOCS_TEXT.search}
          placeholder={API_DOCS_TEXT.search}
          style={{ width: 360 }}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Typography.Text type="secondary">{API_DOCS_TEXT.count(groups.total)}</Typography.Text>
      </Space>
      {groups.groups.length === 0 ? (
        <Empty />
      ) : (
        <Collapse
          items={groups.groups.map(([tag, rows]) => ({
            key: tag,
            label: `${tag}（${rows.length}）`,
            children: rows.map((r) => <OperationRow key={`${r.method} ${r.path}`} row={r} />),
          }))}
        />
      )}
    </Card>
  );
}

function OperationRow({ row }: { row: Row }) {
  const { op } = row;
  const body = op.requestBody?.content['application/json']?.schema;
  const who =
    op['x-permission'].length > 0
      ? op['x-permission'].map((code) => <Tag key={code}>{code}</Tag>)
      : [<Tag key="auth">{API_DOCS_TEXT[op['x-auth'] as 'public' | 'display' | 'user'] ?? op['x-auth']}</Tag>];
  return (
    <div data-operation style={{ padding: '6px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <Space wrap>
        <Tag color={METHOD_COLORS[row.method] ?? 'default'}>{row.method.toUpperCase()}</Tag>
        <Typography.Text code>{row.path}</Typography.Text>
        <Typography.Text>{op.summary}</Typography.Text>
        {who}
        {op['x-platform-only'] && <Tag color="purple">{API_DOCS_TEXT.platform}</Tag>}
      </Space>
      {body !== undefined && (
        <details style={{ marginTop: 4 }}>
          <summary>{API_DOCS_TEXT.body}</summary>
          <pre style={{ maxHeight: 320, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(body, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}
