import { useCallback } from 'react';
import { App } from 'antd';
import { publishAssets } from '../api/asset-api';

export const PUBLISH_TEXT = {
  publish: '发布',
  withdraw: '撤回发布',
  confirmPublish: (n: number) => `确定发布选中的 ${n} 项资产吗？`,
  confirmWithdraw: (n: number) => `确定撤回选中的 ${n} 项资产的发布吗？`,
  publishHint: '发布后，访客可在公开展示页看到这些资产的公开信息（不含价值、保管人、权证号和备注）。',
  withdrawHint: '撤回后，这些资产将不再出现在公开展示页。',
  pickFirst: '请选择要发布或撤回的资产',
  published: '发布成功',
  withdrawn: '已撤回发布',
} as const;

/**
 * Publishing and withdrawing with a confirmation: asks, calls PUT publish with the ids, reports the
 * server's message and then runs onDone (reload the list or the asset).
 */
export function usePublish(onDone: () => void) {
  const { modal, message } = App.useApp();
  return useCallback(
    (ids: string[], published: boolean) => {
      if (!ids.length) {
        void message.warning(PUBLISH_TEXT.pickFirst);
        return;
      }
      modal.confirm({
        title: published ? PUBLISH_TEXT.confirmPublish(ids.length) : PUBLISH_TEXT.confirmWithdraw(ids.length),
        content: published ? PUBLISH_TEXT.publishHint : PUBLISH_TEXT.withdrawHint,
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          try {
            const res = await publishAssets(ids, published);
            void message.success(res.message || (published ? PUBLISH_TEXT.published : PUBLISH_TEXT.withdrawn));
            onDone();
          } catch {
            // The request layer shows the server's message (e.g. a disposed asset cannot be published).
          }
        },
      });
    },
    [modal, message, onDone],
  );
}
