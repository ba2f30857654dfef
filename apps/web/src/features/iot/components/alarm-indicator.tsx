import { useEffect } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ASSET_ROUTES, PERM } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { unacknowledged, useLiveAlarms } from '../alarm-store';

export const ALARM_INDICATOR_TEXT = { label: '设备告警', tip: (n: number) => `${n} 条告警待确认` } as const;

/** The shell's alarm indicator: unacknowledged alarms, for holders of the alarm right; opens the asset map. */
export function AlarmIndicator() {
  const allowed = useHasPermission();
  const navigate = useNavigate();
  const alarms = useLiveAlarms((s) => s.alarms);
  const can = allowed(PERM.alarmList);
  useEffect(() => {
    if (can) void useLiveAlarms.getState().refresh();
  }, [can]);
  if (!can) return null;
  const count = unacknowledged(alarms);
  return (
    <Tooltip title={ALARM_INDICATOR_TEXT.tip(count)}>
      <Button
        type="text"
        aria-label={ALARM_INDICATOR_TEXT.label}
        className="app-header-action"
        onClick={() => void navigate(ASSET_ROUTES.map)}
      >
        <Badge count={count} size="small" offset={[4, -2]}>
          <AlertOutlined style={{ fontSize: 16, color: count ? '#ff4d4f' : undefined }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
