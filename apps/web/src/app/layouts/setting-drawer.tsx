import { useState } from 'react';
import { Button, Divider, Drawer, Radio, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { CheckOutlined, CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { THEME_COLORS } from '@district/shared';
import { useSettingsStore, type AppSettings } from '@/lib/settings-store';

function SettingRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 0' }}>
      {label}
      {children}
    </div>
  );
}

/** Appearance settings (offered only when the platform says showSettings); every choice is persisted. */
export function SettingDrawer() {
  const [open, setOpen] = useState(false);
  const settings = useSettingsStore();
  const update = settings.update;
  const topMenu = settings.layout === 'topmenu';

  const toggle = (name: keyof AppSettings, label: string, disabled = false, hint?: string) => (
    <SettingRow
      label={
        <Tooltip title={disabled ? hint : undefined}>
          <span style={disabled ? { opacity: 0.5 } : undefined}>{label}</span>
        </Tooltip>
      }
    >
      <Switch
        size="small"
        aria-label={label}
        disabled={disabled}
        checked={settings[name] === true}
        onChange={(checked) => update(name, checked as never)}
      />
    </SettingRow>
  );

  return (
    <>
      <Button
        className="setting-drawer-handle"
        type="primary"
        aria-label="系统设置"
        icon={open ? <CloseOutlined /> : <SettingOutlined />}
        onClick={() => setOpen(!open)}
      />
      <Drawer title="系统设置" placement="right" size={300} open={open} onClose={() => setOpen(false)}>
        <Divider titlePlacement="start">整体风格设置</Divider>
        <Radio.Group
          value={settings.theme}
          optionType="button"
          onChange={(e) => update('theme', e.target.value as AppSettings['theme'])}
          options={[
            { value: 'dark', label: '暗色菜单风格' },
            { value: 'light', label: '亮色菜单风格' },
          ]}
        />

        <Divider titlePlacement="start">主题色</Divider>
        <div className="setting-colors">
          {THEME_COLORS.map((preset) => (
            <Tooltip key={preset.key} title={preset.title}>
              <button
                type="button"
                aria-label={preset.title}
                className="setting-color"
                style={{ background: preset.color }}
                onClick={() => update('color', preset.color)}
              >
                {settings.color.toLowerCase() === preset.color.toLowerCase() && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>

        <Divider titlePlacement="start">导航模式</Divider>
        <Radio.Group
          value={settings.layout}
          optionType="button"
          onChange={(e) => {
            const layout = e.target.value as AppSettings['layout'];
            update('layout', layout);
            // A fluid width only exists with the top menu.
            if (layout === 'sidemenu') update('contentWidth', 'Fixed');
          }}
          options={[
            { value: 'sidemenu', label: '侧边栏导航' },
            { value: 'topmenu', label: '顶部栏导航' },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          <SettingRow label="内容区域宽度">
            <Select
              size="small"
              aria-label="内容区域宽度"
              style={{ width: 90 }}
              value={settings.contentWidth}
              onChange={(value: AppSettings['contentWidth']) => update('contentWidth', value)}
              options={[{ value: 'Fixed', label: '固定' }, ...(topMenu ? [{ value: 'Fluid', label: '流式' }] : [])]}
            />
          </SettingRow>
          {toggle('fixedHeader', '固定 Header')}
          {toggle('autoHideHeader', '下滑时隐藏 Header', !settings.fixedHeader, '固定 Header 时可配置')}
          {toggle('fixedSidebar', '固定侧边菜单', topMenu, '侧边栏导航时可配置')}
        </div>

        <Divider titlePlacement="start">其他设置</Divider>
        {toggle('weak', '色弱模式')}
        {toggle('multipage', '多页签模式')}
      </Drawer>
    </>
  );
}
