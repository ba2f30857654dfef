import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Input, InputNumber, Radio, Result, Skeleton, Space } from 'antd';
import {
  LOGO_URL_PATTERN,
  MAP_KEY_PATTERN,
  MAP_LIMITS,
  MAP_MESSAGES,
  PERM,
  PLATFORM_LIMITS,
  PLATFORM_MESSAGES,
  PROJECT_MESSAGES,
  TILE_URL_PATTERN,
  type DistrictBox,
  type MapSettings,
  type PlatformSettings,
} from '@district/shared';
import { HasPermission } from '@/components/has-permission/has-permission';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { logoSource, usePlatformStore } from '@/lib/platform';
import { fetchPlatformSettings, savePlatformSettings } from '../api/platform-api';
import { AccountSettingsCard } from '@/features/account/public';
import { SecuritySettingsCard } from './security-settings-card';
import { MapBaseEditor } from './map-base-editor';

// The server's own rules and messages, so a mistake is named the same on both sides.
const SYSTEM_NAME_RULES = [
  { required: true, whitespace: true, message: PLATFORM_MESSAGES.systemNameRequired },
  { max: PLATFORM_LIMITS.systemName, message: PLATFORM_MESSAGES.systemNameTooLong },
];
const LOGO_TITLE_RULES = [
  { required: true, whitespace: true, message: PLATFORM_MESSAGES.logoTitleRequired },
  { max: PLATFORM_LIMITS.logoTitle, message: PLATFORM_MESSAGES.logoTitleTooLong },
];
const LOGO_URL_RULES = [
  { max: PLATFORM_LIMITS.logoUrl, message: PLATFORM_MESSAGES.logoUrlTooLong },
  { pattern: LOGO_URL_PATTERN, message: PLATFORM_MESSAGES.logoUrlScheme },
];

const BOX_KEYS = ['minLng', 'minLat', 'maxLng', 'maxLat'] as const;
const BOX_LABELS = { minLng: '最小经度', minLat: '最小纬度', maxLng: '最大经度', maxLat: '最大纬度' } as const;

type MapForm = Omit<MapSettings, 'districtBox'> & { districtBox?: Partial<Record<keyof DistrictBox, number | null>> };

/** The form's box: all four numbers or none (no box, no out-of-district warning). */
function boxOf(box: MapForm['districtBox']): DistrictBox | null {
  const values = BOX_KEYS.map((k) => box?.[k]);
  if (values.every((v) => v === null || v === undefined)) return null;
  const [minLng, minLat, maxLng, maxLat] = values.map(Number) as [number, number, number, number];
  return { minLng, minLat, maxLng, maxLat };
}

/** 平台设置: the system name and logo shown by the shell, and the map settings. */
export function PlatformSettingPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission()(PERM.platformEdit);
  const [form] = Form.useForm<Omit<PlatformSettings, 'map'> & { map: MapForm }>();
  const settings = useQuery({ queryKey: ['platform-settings'], queryFn: fetchPlatformSettings });
  const logoUrl = Form.useWatch('logoUrl', form);

  const save = useMutation({
    mutationFn: savePlatformSettings,
    onSuccess: async (res) => {
      message.success(res.message || '保存成功');
      await queryClient.invalidateQueries({ queryKey: ['platform-settings'] });
      // The shell's name and logo come from the platform info.
      await usePlatformStore.getState().refresh();
    },
  });

  if (settings.isError)
    return <Result status="warning" title="无法读取平台设置" subTitle={errorMessage(settings.error)} />;

  return (
    <Card title="平台设置">
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
          wrapperCol={{ xs: { span: 24 }, sm: { span: 14 } }}
          disabled={!canEdit}
          initialValues={settings.data}
          onFinish={(values) =>
            save.mutate({
              systemName: values.systemName.trim(),
              logoUrl: (values.logoUrl ?? '').trim(),
              logoTitle: values.logoTitle.trim(),
              map: {
                ...values.map,
                tileUrl: (values.map.tileUrl ?? '').trim(),
                attribution: (values.map.attribution ?? '').trim(),
                mapKey: (values.map.mapKey ?? '').trim(),
                districtBox: boxOf(values.map.districtBox),
              },
              // Left empty, the stored ceiling is kept.
              ...(typeof values.projectCostCeilingPercent === 'number'
                ? { projectCostCeilingPercent: values.projectCostCeilingPercent }
                : {}),
            })
          }
        >
          <Form.Item label="系统名称" name="systemName" required rules={SYSTEM_NAME_RULES}>
            <Input placeholder="请输入系统名称" maxLength={PLATFORM_LIMITS.systemName} showCount />
          </Form.Item>
          <Form.Item
            label="菜单Logo标题"
            name="logoTitle"
            required
            rules={LOGO_TITLE_RULES}
            extra="显示在左侧菜单顶部的 Logo 旁"
          >
            <Input placeholder="请输入菜单Logo标题" maxLength={PLATFORM_LIMITS.logoTitle} showCount />
          </Form.Item>
          <Form.Item label="Logo地址" name="logoUrl" extra="留空则使用默认 Logo" rules={LOGO_URL_RULES}>
            <Input placeholder="请输入Logo图片地址" maxLength={PLATFORM_LIMITS.logoUrl} />
          </Form.Item>
          <Form.Item label="Logo预览">
            <img src={logoSource(logoUrl)} alt="logo" style={{ height: 48 }} />
          </Form.Item>
          <Divider>地图设置</Divider>
          <Form.Item
            label="瓦片地址"
            name={['map', 'tileUrl']}
            extra="如 http://tiles.intranet/{z}/{x}/{y}.png，可用 {s} {z} {x} {y} {key}；留空则不加载在线底图，地图显示下方的区域示意底图"
            rules={[
              { max: MAP_LIMITS.tileUrl, message: MAP_MESSAGES.tileUrlTooLong },
              { pattern: TILE_URL_PATTERN, message: MAP_MESSAGES.tileUrlScheme },
            ]}
          >
            <Input placeholder="留空表示不加载底图" maxLength={MAP_LIMITS.tileUrl} />
          </Form.Item>
          <Form.Item
            label="地图版权说明"
            name={['map', 'attribution']}
            rules={[
              { max: MAP_LIMITS.attribution, message: MAP_MESSAGES.attributionTooLong },
              { pattern: /^[^<>]*$/, message: MAP_MESSAGES.attributionPlain },
            ]}
          >
            <Input placeholder="如 © 某地图服务" maxLength={MAP_LIMITS.attribution} />
          </Form.Item>
          <Form.Item
            label="地图密钥"
            name={['map', 'mapKey']}
            extra="替换瓦片地址中的 {key}"
            rules={[{ pattern: MAP_KEY_PATTERN, max: MAP_LIMITS.mapKey, message: MAP_MESSAGES.mapKey }]}
          >
            <Input maxLength={MAP_LIMITS.mapKey} />
          </Form.Item>
          <Form.Item
            label="瓦片坐标系"
            name={['map', 'tileCrs']}
            extra="国内地图服务多为 GCJ-02，OpenStreetMap 类为 WGS-84"
          >
            <Radio.Group
              options={[
                { value: 'gcj02', label: 'GCJ-02' },
                { value: 'wgs84', label: 'WGS-84' },
              ]}
            />
          </Form.Item>
          <Form.Item label="默认中心（GCJ-02）" required>
            <Space wrap>
              <Form.Item
                noStyle
                name={['map', 'centerLng']}
                rules={[{ required: true, type: 'number', min: -180, max: 180, message: MAP_MESSAGES.centerLng }]}
              >
                <InputNumber placeholder="经度" aria-label="默认中心经度" step={0.001} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                noStyle
                name={['map', 'centerLat']}
                rules={[{ required: true, type: 'number', min: -90, max: 90, message: MAP_MESSAGES.centerLat }]}
              >
                <InputNumber placeholder="纬度" aria-label="默认中心纬度" step={0.001} style={{ width: 160 }} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item
            label="默认缩放级别"
            name={['map', 'zoom']}
            rules={[
              {
                required: true,
                type: 'integer',
                min: MAP_LIMITS.minZoom,
                max: MAP_LIMITS.maxZoom,
                message: MAP_MESSAGES.zoom,
              },
            ]}
          >
            <InputNumber min={MAP_LIMITS.minZoom} max={MAP_LIMITS.maxZoom} precision={0} />
          </Form.Item>
          <Form.Item label="本区范围（GCJ-02）" extra="坐标超出此范围时登记资产会得到提醒；四项都留空表示不检查">
            <Space wrap>
              {BOX_KEYS.map((k) => (
                <Form.Item key={k} noStyle name={['map', 'districtBox', k]}>
                  <InputNumber
                    placeholder={BOX_LABELS[k]}
                    aria-label={BOX_LABELS[k]}
                    step={0.001}
                    style={{ width: 140 }}
                  />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
          <Form.Item label="区域示意底图">
            <MapBaseEditor />
          </Form.Item>
          <Divider>项目设置</Divider>
          <Form.Item
            label="项目成本上限"
            name="projectCostCeilingPercent"
            extra="实际成本超过预算时提醒；超过预算的此百分比时拒绝保存（100–1000）"
            rules={[{ type: 'integer', min: 100, max: 1000, message: PROJECT_MESSAGES.ceilingRange }]}
          >
            <InputNumber aria-label="项目成本上限" suffix="%" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
            <HasPermission action={PERM.platformEdit}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </HasPermission>
          </Form.Item>
        </Form>
      )}
      <AccountSettingsCard />
      <SecuritySettingsCard />
    </Card>
  );
}
