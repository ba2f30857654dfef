import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { INVENTORY_ROUTES, INVENTORY_STATUS_ITEMS, PERM, type InventoryCampaign } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { CampaignFormModal } from './campaign-form-modal';
import { deleteCampaign, fetchCampaign, fetchCampaigns, inventoryKeys, openCampaign } from './inventory-api';
import { CampaignStatusTag } from './inventory-status';

export const CAMPAIGNS_TEXT = {
  name: '任务名称',
  status: '状态',
  deadline: '截止日期',
  checkers: '盘点人',
  progress: '已盘/总数',
  differences: '未处理差异',
  action: '操作',
  search: '查询',
  reset: '重置',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  open: '开始盘点',
  detail: '详情',
  deleteConfirm: '确定删除该盘点任务吗？',
  openConfirmTitle: '开始盘点',
  openConfirm: (name: string) => `确定开始“${name}”吗？开始后按范围生成盘点清单，任务不能再修改。`,
  namePlaceholder: '请输入任务名称',
  statusPlaceholder: '请选择状态',
} as const;

const T = CAMPAIGNS_TEXT;

/** 盘点任务: the campaigns with status, deadline and counts; drafts are edited, deleted and opened here. */
export function InventoryCampaignsPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const allowed = useHasPermission();
  const canEdit = allowed(PERM.assetInventoryEdit);
  const [draft, setDraft] = useState({ name: '', status: undefined as string | undefined });
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, name: '', status: undefined as string | undefined });
  const [editor, setEditor] = useState<{ open: boolean; record: InventoryCampaign | null }>({
    open: false,
    record: null,
  });
  const list = useQuery({ queryKey: inventoryKeys.campaigns(query), queryFn: () => fetchCampaigns(clean(query)) });
  const reload = () => void list.refetch();

  const edit = async (record: InventoryCampaign) => {
    // The list's row is enough to edit; a fresher copy is read so a concurrent change is not overwritten blindly.
    const fresh = await fetchCampaign(record.id).catch(() => null);
    setEditor({ open: true, record: fresh ?? record });
  };

  const remove = async (record: InventoryCampaign) => {
    try {
      const res = await deleteCampaign(record.id);
      void message.success(res.message || '删除成功!');
      reload();
    } catch {
      // The request layer shows the server's message.
    }
  };

  const open = (record: InventoryCampaign) => {
    modal.confirm({
      title: T.openConfirmTitle,
      content: T.openConfirm(record.name),
      onOk: async () => {
        try {
          const res = await openCampaign(record.id);
          void message.success(res.message);
          reload();
        } catch {
          // The request layer shows the server's message (e.g. an empty scope).
        }
      },
    });
  };

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label={T.name}
          placeholder={T.namePlaceholder}
          value={draft.name}
          allowClear
          style={{ width: 200 }}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onPressEnter={() => setQuery({ ...query, ...draft, pageNo: 1 })}
        />
        <Select
          aria-label={T.status}
          placeholder={T.statusPlaceholder}
          allowClear
          style={{ width: 140 }}
          value={draft.status}
          options={INVENTORY_STATUS_ITEMS.map((i) => ({ value: i.value, label: i.text }))}
          onChange={(status?: string) => setDraft({ ...draft, status })}
        />
        <Button type="primary" onClick={() => setQuery({ ...query, ...draft, pageNo: 1 })}>
          {T.search}
        </Button>
        <Button
          onClick={() => {
            setDraft({ name: '', status: undefined });
            setQuery({ ...query, name: '', status: undefined, pageNo: 1 });
          }}
        >
          {T.reset}
        </Button>
        {canEdit && (
          <Button type="primary" onClick={() => setEditor({ open: true, record: null })}>
            {T.add}
          </Button>
        )}
      </Space>
      <Table<InventoryCampaign>
        rowKey="id"
        size="middle"
        bordered
        scroll={{ x: 900 }}
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setQuery({ ...query, pageNo, pageSize }),
        }}
        columns={[
          { title: T.name, dataIndex: 'name', width: 220 },
          {
            title: T.status,
            dataIndex: 'status',
            width: 90,
            render: (_: unknown, r) => <CampaignStatusTag status={r.status} />,
          },
          { title: T.deadline, dataIndex: 'deadline', width: 120 },
          { title: T.checkers, dataIndex: 'checkerNames', render: (v: string[]) => v.filter(Boolean).join('、') },
          {
            title: T.progress,
            key: 'progress',
            width: 110,
            align: 'right',
            render: (_: unknown, r) => (r.status === 'draft' ? '—' : `${r.checked}/${r.total}`),
          },
          {
            title: T.differences,
            dataIndex: 'openDifferences',
            width: 110,
            align: 'right',
            render: (v: number, r) => (r.status === 'draft' ? '—' : v),
          },
          {
            title: T.action,
            key: 'action',
            width: 220,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size="small">
                <a onClick={() => void navigate(`${INVENTORY_ROUTES.campaign}?id=${encodeURIComponent(r.id)}`)}>
                  {T.detail}
                </a>
                {canEdit && r.status === 'draft' && (
                  <>
                    <a onClick={() => void edit(r)}>{T.edit}</a>
                    <a onClick={() => open(r)}>{T.open}</a>
                    <Popconfirm title={T.deleteConfirm} onConfirm={() => remove(r)}>
                      <a>{T.delete}</a>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CampaignFormModal
        open={editor.open}
        record={editor.record}
        onClose={() => setEditor({ open: false, record: null })}
        onSaved={() => {
          setEditor({ open: false, record: null });
          reload();
        }}
      />
    </Card>
  );
}

function clean(q: { pageNo: number; pageSize: number; name: string; status?: string }) {
  return {
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    ...(q.name.trim() ? { name: q.name.trim() } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
}
