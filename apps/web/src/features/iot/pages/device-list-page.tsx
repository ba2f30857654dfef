import { useCallback, useState } from 'react';
import { Alert, App, Card, Form, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import { IOT_MESSAGES, PERM } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { RecordFormModal } from '../../../components/form-modal/record-form-modal';
import { ListPage, type ListEditorProps } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { DEVICE_URLS, generateDeviceKey, type DeviceRow } from '../api/iot-api';

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'deviceId', label: '设备编号', op: 'like', trim: true },
  { kind: 'input', field: 'deviceName', label: '设备名称', op: 'like', trim: true },
];

const COLUMNS: ListColumn<DeviceRow>[] = [
  { title: '设备编号', dataIndex: 'deviceId', key: 'deviceId', sorter: true, width: 150 },
  { title: '设备名称', dataIndex: 'deviceName', key: 'deviceName', sorter: true, width: 180 },
  { title: '设备类型', dataIndex: 'type', key: 'type', width: 100 },
  { title: '安装位置', dataIndex: 'location', key: 'location', width: 200 },
  {
    title: '在线状态',
    dataIndex: 'onlineStatus',
    key: 'onlineStatus',
    width: 90,
    render: (v: number) => (v === 1 ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>),
  },
  { title: '最近上报时间', dataIndex: 'lastSeenTime', key: 'lastSeenTime', sorter: true, width: 170 },
];

type Values = Omit<DeviceRow, 'id' | 'onlineStatus' | 'lastSeenTime'>;

function DeviceFormModal({ open, record, onClose, onSaved }: ListEditorProps<DeviceRow>) {
  return (
    <RecordFormModal<DeviceRow, Values>
      open={open}
      record={record}
      titles={{ add: '新增设备', edit: '编辑设备' }}
      formName="device-form"
      initialValues={(r) => (r ? { ...r } : undefined)}
      urls={DEVICE_URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : {}),
        deviceId: v.deviceId,
        deviceName: v.deviceName,
        type: v.type ?? null,
        location: v.location ?? null,
        longitude: v.longitude ?? null,
        latitude: v.latitude ?? null,
        remark: v.remark ?? null,
      })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item label="设备编号" name="deviceId" rules={[{ required: true, message: IOT_MESSAGES.deviceIdRequired }]}>
        <Input />
      </Form.Item>
      <Form.Item
        label="设备名称"
        name="deviceName"
        rules={[{ required: true, message: IOT_MESSAGES.deviceNameRequired }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label="设备类型" name="type">
        <Input placeholder="例如 smoke" />
      </Form.Item>
      <Form.Item label="安装位置" name="location">
        <Input />
      </Form.Item>
      <Form.Item label="经度" name="longitude">
        <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="纬度" name="latitude">
        <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} />
      </Form.Item>
    </RecordFormModal>
  );
}

/** 设备管理: devices with their places; 生成密钥 shows a new alarm key once. */
export function DeviceListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const [shown, setShown] = useState<{ device: string; key: string } | null>(null);
  const rowActions = useCallback(
    (record: DeviceRow) =>
      allowed(PERM.deviceKey) && (
        <a
          onClick={() =>
            modal.confirm({
              title: '生成设备密钥',
              content: '生成后旧密钥立即失效，确定继续吗?',
              onOk: () =>
                generateDeviceKey(record.id).then(
                  ({ key }) => setShown({ device: record.deviceId, key }),
                  (error: Error) => void message.warning(error.message),
                ),
            })
          }
        >
          生成密钥
        </a>
      ),
    [allowed, modal, message],
  );
  const renderEditor = useCallback((props: ListEditorProps<DeviceRow>) => <DeviceFormModal {...props} />, []);
  return (
    <Card size="small">
      <ListPage<DeviceRow>
        url={{ list: DEVICE_URLS.list, delete: DEVICE_URLS.delete, deleteBatch: DEVICE_URLS.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.deviceAdd,
          edit: PERM.deviceEdit,
          delete: PERM.deviceDelete,
          batchDelete: PERM.deviceDelete,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
        actionColumnWidth={200}
      />
      <Modal open={Boolean(shown)} title="设备密钥" footer={null} onCancel={() => setShown(null)}>
        <Alert type="warning" showIcon title={IOT_MESSAGES.keyGenerated} style={{ marginBottom: 12 }} />
        <p>设备编号：{shown?.device}</p>
        <Typography.Paragraph copyable code>
          {shown?.key}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
