import type { ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';

export interface ContextMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  danger?: boolean;
}

export interface ContextMenuProps {
  items: ContextMenuItem[];
  onSelect: (key: string) => void;
  children: ReactNode;
  disabled?: boolean;
}

/** Right-click menu opened at the pointer over its children. */
export function ContextMenu({ items, onSelect, children, disabled }: ContextMenuProps) {
  const menu: MenuProps = {
    items: items.map(({ key, label, icon, disabled: itemDisabled, danger }) => ({
      key,
      label,
      icon,
      disabled: itemDisabled,
      danger,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onSelect(key);
    },
  };
  return (
    <Dropdown trigger={['contextMenu']} menu={menu} disabled={disabled}>
      {/* A wrapping element so any children (text, several nodes) can carry the listener. */}
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Dropdown>
  );
}

export type TabMenuAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

export const TAB_MENU_LABELS: Record<TabMenuAction, string> = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
};

export interface TabContextMenuProps {
  /** Position of the tab the menu is for, and how many tabs there are: ends disable the matching actions. */
  index: number;
  total: number;
  onAction: (action: TabMenuAction) => void;
  children: ReactNode;
}

/** The page-tab menu: 刷新, 关闭左侧, 关闭右侧, 关闭其他 (nothing to close is disabled). */
export function TabContextMenu({ index, total, onAction, children }: TabContextMenuProps) {
  const items: ContextMenuItem[] = [
    { key: 'refresh', label: TAB_MENU_LABELS.refresh },
    { key: 'closeLeft', label: TAB_MENU_LABELS.closeLeft, disabled: index <= 0 },
    { key: 'closeRight', label: TAB_MENU_LABELS.closeRight, disabled: index >= total - 1 },
    { key: 'closeOthers', label: TAB_MENU_LABELS.closeOthers, disabled: total <= 1 },
  ];
  return (
    <ContextMenu items={items} onSelect={(key) => onAction(key as TabMenuAction)}>
      {children}
    </ContextMenu>
  );
}
