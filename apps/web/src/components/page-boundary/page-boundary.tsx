import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { StatusBlock } from '@/components/status-block/status-block';
import { reloadPage } from '@/lib/browser';

interface PageBoundaryState {
  error: Error | null;
}

/** Keeps a failing page (or a chunk that failed to load) from taking the whole shell down. */
export class PageBoundary extends Component<{ children: ReactNode }, PageBoundaryState> {
  override state: PageBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): PageBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunkFailed =
      error.name === 'ChunkLoadError' || /dynamically imported module|Loading chunk/i.test(error.message);
    return (
      <StatusBlock
        status="error"
        title={chunkFailed ? '页面加载失败' : '页面出错了'}
        subTitle={error.message}
        extra={
          chunkFailed ? (
            <Button type="primary" onClick={reloadPage}>
              重新加载
            </Button>
          ) : (
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              重试
            </Button>
          )
        }
      />
    );
  }
}
