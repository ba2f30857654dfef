import { useNavigate } from 'react-router';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTabsStore, type TabItem } from './tabs-store';

interface MultiTabProps {
  activeKey: string;
}

const CONTEXT_ITEMS: MenuProps['items'] = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其他' },
];

/** The tab bar of the multi-page workspace; the pages themselves are rendered by the main layout. */
export function MultiTab({ activeKey }: MultiTabProps) {
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);

  const go = (key: string | null) => {
    if (key && key !== activeKey) void navigate(key);
  };

  const onContextAction = (tab: TabItem, action: string) => {
    const store = useTabsStore.getState();
    if (action === 'refresh') {
      store.refresh(tab.key);
      go(tab.key);
    } else if (action === 'closeLeft') go(store.closeLeft(tab.key, activeKey));
    else if (action === 'closeRight') go(store.closeRight(tab.key, activeKey));
    else if (action === 'closeOthers') go(store.closeOthers(tab.key, activeKey));
  };

  return (
    <Tabs
      className="app-multi-tab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      locale={{ removeAriaLabel: '关闭' }}
      onChange={(key) => go(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') go(useTabsStore.getState().close(key, activeKey));
      }}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: CONTEXT_ITEMS,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                onContextAction(tab, key);
              },
            }}
          >
            <span title={tab.title}>{tab.title}</span>
          </Dropdown>
        ),
        closable: true,
      }))}
    />
  );
}
