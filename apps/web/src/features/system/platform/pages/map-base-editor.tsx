import { useEffect, useState } from 'react';
import { App, Button, Input, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAP_BASE_LIMITS, MAP_BASE_MESSAGES, PERM } from '@district/shared';
import { parseMapBaseText } from '@district/shared/schemas';
import { HasPermission } from '@/components/has-permission/has-permission';
import { fetchMapBase, MAP_BASE_QUERY_KEY, saveMapBase } from '@/components/map/map-settings';

/**
 * 区域示意底图 (inside 地图设置): the office's own GeoJSON (areas and lines) drawn under the points when there are
 * no tiles, in place of the shipped schematic of 成都市锦江区. Pasted or read from a .geojson file, checked here
 * with the server's own rules (the message shows under the field at once) and saved on its own route, apart from
 * the form's 保存 (it is not part of the platform info every page reads).
 */
export function MapBaseEditor() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: MAP_BASE_QUERY_KEY, queryFn: fetchMapBase, retry: false });
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    setText(stored.data ? JSON.stringify(stored.data) : '');
  }, [stored.data]);

  const save = useMutation({
    mutationFn: (geojson: string) => saveMapBase({ geojson }),
    onSuccess: async (res) => {
      message.success(res.message || '已保存');
      await queryClient.invalidateQueries({ queryKey: MAP_BASE_QUERY_KEY });
    },
  });

  const apply = () => {
    if (text.trim() === '') {
      setError('');
      save.mutate('');
      return;
    }
    const parsed = parseMapBaseText(text);
    if (!parsed.success) {
      setError(parsed.message);
      return;
    }
    setError('');
    save.mutate(text);
  };

  const features = stored.data?.features.length ?? 0;
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        当前使用：
        {stored.isPending
          ? '…'
          : stored.data
            ? `本单位的示意底图（${features} 个要素）`
            : '内置示意图（成都市锦江区：轮廓、环路与锦江）'}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="区域示意底图 GeoJSON"
        rows={5}
        value={text}
        status={error ? 'error' : undefined}
        placeholder='GeoJSON：{"type":"FeatureCollection","features":[…]}，只含 Polygon（面）和 LineString（线）；留空则使用内置示意图'
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError('');
        }}
      />
      {error && (
        <div role="alert" className="ant-form-item-explain-error">
          {error}
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        无瓦片服务或瓦片加载失败时画在点位下方。坐标为 GCJ-02 经纬度；要素的 name 会保留，kind 可取
        district、ring、road、river 以选择样式；不超过 {MAP_BASE_LIMITS.chars / 1000} KB、{MAP_BASE_LIMITS.features}{' '}
        个要素。
      </Typography.Paragraph>
      <HasPermission action={PERM.platformEdit}>
        <Space wrap>
          <Upload
            accept=".json,.geojson,application/json,application/geo+json"
            showUploadList={false}
            beforeUpload={(file) => {
              // Not even read when it cannot fit (a character is at most 4 bytes).
              if (file.size > MAP_BASE_LIMITS.chars * 4) {
                setError(MAP_BASE_MESSAGES.tooLarge);
                return false;
              }
              void file.text().then((content) => {
                setText(content);
                const parsed = parseMapBaseText(content);
                setError(parsed.success ? '' : parsed.message);
              });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>读取 GeoJSON 文件</Button>
          </Upload>
          <Button type="primary" ghost loading={save.isPending} onClick={apply}>
            启用此示意底图
          </Button>
          <Button
            disabled={!stored.data}
            onClick={() => {
              setText('');
              setError('');
              save.mutate('');
            }}
          >
            恢复内置示意图
          </Button>
        </Space>
      </HasPermission>
    </div>
  );
}
