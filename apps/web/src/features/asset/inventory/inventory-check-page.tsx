import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { CameraOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import {
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES as M,
  assetCodeFromQr,
  formatDateTime,
  type InventoryFindingInput,
  type InventoryItem,
  type InventoryResult,
} from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { fetchMyCampaigns, inventoryKeys, lookupItem } from './inventory-api';
import { useFindingQueue, type QueuedFinding } from './finding-queue';
import { PhotoInput } from './photo-input';
import { resultText } from './inventory-status';
import './inventory-check.css';

const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

export const CHECK_TEXT = {
  campaign: '盘点任务',
  noCampaign: '目前没有指派给您的进行中的盘点任务',
  progress: (checked: number, total: number) => `已盘 ${checked} / ${total}，未盘 ${total - checked}`,
  scan: '扫码',
  type: '输入编号',
  codePlaceholder: '请输入资产编号',
  find: '查找',
  surplus: '登记盘盈',
  code: '编号',
  depart: '部门',
  keeper: '保管人',
  place: '存放地点',
  category: '分类',
  current: '当前结果',
  note: '备注',
  notePlaceholder: '情况说明（选填）',
  photos: '照片',
  submit: '提交',
  cancel: '取消',
  surplusName: '物品名称',
  surplusPlace: '发现地点',
  pending: (n: number) => `待上传 ${n} 条`,
  retry: '立即上传',
  sending: '上传中…',
  queuedOffline: '已保存在本机，网络恢复后自动上传',
  offline: '网络不可用，无法查找资产，请稍后重试',
  dropped: '以下记录被服务器拒绝，未保存：',
  located: (m: number) => `已获取位置（精度约 ${Math.round(m)} 米）`,
} as const;

const T = CHECK_TEXT;

/** The result buttons of a found item: 盘亏 reads 未找到 to the checker. */
const RESULT_BUTTONS: { value: InventoryResult; text: string }[] = [
  { value: 'normal', text: '正常' },
  { value: 'misplaced', text: '位置不符' },
  { value: 'wrong_keeper', text: '保管人不符' },
  { value: 'damaged', text: '损坏' },
  { value: 'missing', text: '未找到(盘亏)' },
];

interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** The phone's position when it can be had quickly; never blocks (no permission, no fix: null). */
function usePosition(active: boolean): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.geolocation) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) =>
        live &&
        setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => undefined,
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, [active]);
  return position;
}

const lastCampaignKey = (username: string) => `inventory-check-campaign:${username}`;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * 盘点录入, made for a 390 px phone: pick one of my open campaigns, find an asset by scanning its card's QR code or
 * typing its code, record the result with a note, photos and the position, or register a 盘盈. Findings go through
 * the offline queue (finding-queue.ts): stored first, sent at once, retried until the network returns.
 */
export function InventoryCheckPage() {
  const { message } = App.useApp();
  const username = useSessionStore((s) => s.username) ?? '';
  const campaigns = useQuery({ queryKey: inventoryKeys.myCampaigns, queryFn: fetchMyCampaigns });
  // The campaign last worked on, remembered on this phone.
  const [campaignId, setCampaignId] = useState<string | undefined>(
    () => window.localStorage.getItem(lastCampaignKey(username)) ?? undefined,
  );
  const list = campaigns.data ?? [];
  const current = list.find((c) => c.id === campaignId) ?? (list.length === 1 ? list[0] : undefined);

  const [mode, setMode] = useState<'idle' | 'type' | 'item' | 'surplus'>('idle');
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [found, setFound] = useState<InventoryItem | null>(null);
  const [result, setResult] = useState<InventoryResult | null>(null);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [surplusForm] = Form.useForm<{ name: string; address?: string; note?: string }>();
  const position = usePosition(mode === 'item' || mode === 'surplus');

  const refetchCampaigns = campaigns.refetch;
  const onSent = useCallback(
    (q: QueuedFinding) => {
      void message.success(`${M.recorded}：${q.label}`);
      void refetchCampaigns();
    },
    [message, refetchCampaigns],
  );
  const queue = useFindingQueue(username, onSent);

  const reset = () => {
    setMode('idle');
    setFound(null);
    setResult(null);
    setNote('');
    setPhotos([]);
    setCode('');
    setLookupError(null);
  };

  const lookup = async (text: string) => {
    if (!current) return;
    const value = assetCodeFromQr(text);
    setLookupError(null);
    if (!value) {
      setLookupError(M.codeRequired);
      return;
    }
    setLooking(true);
    try {
      const item = await lookupItem(current.id, value);
      if (item) {
        setFound(item);
        setResult(null);
        setMode('item');
      }
    } catch (error) {
      // No answer at all: the network, not the code, is the problem.
      setLookupError(error instanceof AxiosError && !error.response ? T.offline : errorMessage(error));
    } finally {
      setLooking(false);
    }
  };

  const record = (input: Omit<InventoryFindingInput, 'clientId' | 'campaignId' | 'recordedAt'>, label: string) => {
    if (!current) return;
    queue.enqueue(
      {
        ...input,
        clientId: newClientId(),
        campaignId: current.id,
        recordedAt: formatDateTime(new Date()),
        ...(position ? position : {}),
      },
      label,
    );
    if (!navigator.onLine) void message.info(T.queuedOffline);
    reset();
  };

  const submitItem = () => {
    if (!found || !result) return;
    record(
      { itemId: found.id, result, note: note.trim() || null, photos },
      `${found.assetName}（${found.assetCode ?? ''}）：${resultText(result)}`,
    );
  };

  const submitSurplus = async () => {
    let v: { name: string; address?: string; note?: string };
    try {
      v = await surplusForm.validateFields();
    } catch {
      return;
    }
    record(
      {
        itemId: null,
        result: 'surplus',
        name: v.name.trim(),
        address: v.address?.trim() || null,
        note: v.note?.trim() || null,
        photos,
      },
      `${v.name.trim()}：${resultText('surplus')}`,
    );
  };

  return (
    <div className="inventory-check">
      {campaigns.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={T.noCampaign} />
      ) : (
        <>
          <Card size="small" className="inventory-check-campaign">
            {list.length > 1 ? (
              <Select
                aria-label={T.campaign}
                size="large"
                style={{ width: '100%' }}
                placeholder={T.campaign}
                value={current?.id}
                options={list.map((c) => ({ value: c.id, label: c.name }))}
                onChange={(id: string) => {
                  setCampaignId(id);
                  window.localStorage.setItem(lastCampaignKey(username), id);
                  reset();
                }}
              />
            ) : (
              <Typography.Title level={5} style={{ margin: 0 }}>
                {current?.name}
              </Typography.Title>
            )}
            {current && (
              <div className="inventory-check-counts" data-testid="campaign-counts">
                {T.progress(current.checked, current.total)}
              </div>
            )}
          </Card>

          {current && mode !== 'item' && mode !== 'surplus' && (
            <div className="inventory-check-actions">
              <Button type="primary" size="large" block icon={<CameraOutlined />} onClick={() => setScanning(true)}>
                {T.scan}
              </Button>
              <Button size="large" block icon={<EditOutlined />} onClick={() => setMode('type')}>
                {T.type}
              </Button>
            </div>
          )}

          {mode === 'type' && (
            <Space.Compact style={{ width: '100%', marginTop: 12 }}>
              <Input
                size="large"
                autoFocus
                aria-label={T.codePlaceholder}
                placeholder={T.codePlaceholder}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onPressEnter={() => void lookup(code)}
              />
              <Button size="large" type="primary" loading={looking} onClick={() => void lookup(code)}>
                {T.find}
              </Button>
            </Space.Compact>
          )}
          {lookupError && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={lookupError} />}

          {mode === 'item' && found && (
            <Card size="small" className="inventory-check-item" title={found.assetName}>
              <dl className="inventory-check-fields">
                <dt>{T.code}</dt>
                <dd>{found.assetCode}</dd>
                <dt>{T.category}</dt>
                <dd>{found.categoryName}</dd>
                <dt>{T.depart}</dt>
                <dd>{found.departName}</dd>
                <dt>{T.keeper}</dt>
                <dd>{found.custodianName}</dd>
                <dt>{T.place}</dt>
                <dd>{found.address}</dd>
                {found.result && (
                  <>
                    <dt>{T.current}</dt>
                    <dd>
                      <Tag>{resultText(found.result)}</Tag>
                    </dd>
                  </>
                )}
              </dl>
              <div className="inventory-check-results" role="group" aria-label="盘点结果">
                {RESULT_BUTTONS.map((b) => (
                  <Button
                    key={b.value}
                    size="large"
                    type={result === b.value ? 'primary' : 'default'}
                    danger={b.value === 'missing' || b.value === 'damaged'}
                    aria-pressed={result === b.value}
                    onClick={() => setResult(b.value)}
                  >
                    {b.text}
                  </Button>
                ))}
              </div>
              <Input.TextArea
                aria-label={T.note}
                placeholder={T.notePlaceholder}
                rows={2}
                maxLength={INVENTORY_LIMITS.noteMax}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <PhotoInput value={photos} onChange={setPhotos} />
              {position && <div className="inventory-check-hint">{T.located(position.accuracy)}</div>}
              <div className="inventory-check-submit">
                <Button size="large" onClick={reset}>
                  {T.cancel}
                </Button>
                <Button size="large" type="primary" disabled={!result} onClick={submitItem}>
                  {T.submit}
                </Button>
              </div>
            </Card>
          )}

          {mode === 'surplus' && (
            <Card size="small" className="inventory-check-item" title={T.surplus}>
              <Form form={surplusForm} layout="vertical" name="inventory-surplus" preserve={false}>
                <Form.Item
                  name="name"
                  label={T.surplusName}
                  rules={[{ required: true, whitespace: true, message: M.surplusName }]}
                >
                  <Input size="large" maxLength={INVENTORY_LIMITS.nameMax} />
                </Form.Item>
                <Form.Item name="address" label={T.surplusPlace}>
                  <Input size="large" maxLength={500} />
                </Form.Item>
                <Form.Item name="note" label={T.note}>
                  <Input.TextArea rows={2} maxLength={INVENTORY_LIMITS.noteMax} />
                </Form.Item>
              </Form>
              <PhotoInput value={photos} onChange={setPhotos} />
              {position && <div className="inventory-check-hint">{T.located(position.accuracy)}</div>}
              <div className="inventory-check-submit">
                <Button size="large" onClick={reset}>
                  {T.cancel}
                </Button>
                <Button size="large" type="primary" onClick={() => void submitSurplus()}>
                  {T.submit}
                </Button>
              </div>
            </Card>
          )}

          {current && mode !== 'item' && mode !== 'surplus' && (
            <Button
              size="large"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 12 }}
              onClick={() => {
                reset();
                setMode('surplus');
              }}
            >
              {T.surplus}
            </Button>
          )}
        </>
      )}

      {queue.dropped.map((d) => (
        <Alert
          key={d.clientId}
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          closable
          onClose={() => queue.dismiss(d.clientId)}
          title={`${d.label}：${d.message}`}
        />
      ))}

      {queue.queue.length > 0 && (
        <Card
          size="small"
          style={{ marginTop: 12 }}
          title={T.pending(queue.queue.length)}
          extra={
            <Button size="small" loading={queue.sending} onClick={() => void queue.flush()}>
              {queue.sending ? T.sending : T.retry}
            </Button>
          }
        >
          <ul className="inventory-check-queue">
            {queue.queue.map((q) => (
              <li key={q.input.clientId}>
                <span>{q.label}</span>
                <span className="inventory-check-hint">{q.input.recordedAt?.slice(11, 16)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Suspense fallback={null}>
        {scanning && (
          <QrScanner
            open={scanning}
            onClose={() => setScanning(false)}
            onResult={(text) => {
              setScanning(false);
              void lookup(text);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
