import { useCallback, useState } from 'react';
import { Alert, App, Card, Form, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import { DEVICE_RESOURCE as R, IOT_MESSAGES, PERM, resourceUrls } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField } from '@/components/form-modal/field-rules';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import { generateDeviceKey, type DeviceRow } from '../api/iot-api';
import { AssetSelect } from '../components/asset-select';

/** The form says 设备 where the record (and its data log) says 物联网设备. */
export const DEVICE_PAGE_TEXT = { add: '新增设备', edit: '编辑设备' } as const;

const URLS = resourceUrls(R.path);

const QUERY_FIELDS: QueryPick<typeof R>[] = ['deviceId', 'deviceName'];

const COLUMNS: ColumnPick<DeviceRow, typeof R>[] = [
  'deviceId',
  'deviceName',
  'type',
  'assetId',
  'location',
  {
    ...columnOf<DeviceRow>(R, 'onlineStatus'),
    render: (v: number) => (v === 1 ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>),
  },
  'lastSeenTime',
];

type Values = Omit<DeviceRow, 'id' | 'onlineStatus' | 'lastSeenTime' | 'assetId_dictText'>;

function DeviceFormModal({ open, record, onClose, onSaved }: ListEditorProps<DeviceRow>) {
  return (
    <RecordFormModal<DeviceRow, Values>
      open={open}
      record={record}
      titles={DEVICE_PAGE_TEXT}
      formName="device-form"
      initialValues={(r) => (r ? { ...r } : undefined)}
      urls={URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : {}),
        deviceId: v.deviceId,
        deviceName: v.deviceName,
        type: v.type ?? null,
        assetId: v.assetId ?? null,
        location: v.location ?? null,
        longitude: v.longitude ?? null,
        latitude: v.latitude ?? null,
        remark: v.remark ?? null,
      })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item {...formField(R, 'deviceId')}>
        <Input />
      </Form.Item>
      <Form.Item {...formField(R, 'deviceName')}>
        <Input />
      </Form.Item>
      <Form.Item {...formField(R, 'type')}>
        <Input placeholder="例如 smoke" />
      </Form.Item>
      <Form.Item {...formField(R, 'assetId')}>
        <AssetSelect initialLabel={record?.assetId_dictText} />
      </Form.Item>
      <Form.Item {...formField(R, 'location')}>
        <Input />
      </Form.Item>
      <Form.Item {...formField(R, 'longitude')}>
        <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...formField(R, 'latitude')}>
        <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...formField(R, 'remark')}>
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
      <ListPage<DeviceRow, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
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
