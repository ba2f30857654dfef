import { Space } from 'antd';
import { GithubOutlined } from '@ant-design/icons';
import { usePlatformInfo } from '@/lib/platform';

export function GlobalFooter() {
  const { systemName } = usePlatformInfo();
  return (
    <footer className="app-footer">
      <Space size="large" className="app-footer-links">
        <a href="https://github.com" target="_blank" rel="noreferrer">
          <GithubOutlined /> 开源社区
        </a>
        <a href="https://ant.design" target="_blank" rel="noreferrer">
          Ant Design
        </a>
      </Space>
      <div className="app-footer-copyright">
        Copyright © {new Date().getFullYear()} {systemName}
      </div>
    </footer>
  );
}
