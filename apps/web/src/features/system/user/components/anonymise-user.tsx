import { useCallback } from 'react';
import { App } from 'antd';
import { ANONYMISED_USERNAME_PREFIX, PRIVACY_API, USER_STATUS, type UserRecord } from '@district/shared';
import { putAction } from '@/lib/request';

export const ANONYMISE_TEXT = {
  action: '匿名化',
  title: '匿名化用户',
  confirm: (realname: string, username: string) =>
    `确定匿名化用户“${realname}（${username}）”吗？其姓名、手机号、邮箱、头像、生日、工号、第三方账号和二次验证将被清除，` +
    '账号名可被重新使用，此操作不可恢复。日志中的历史记录将依法保留。',
  ok: '确认匿名化',
} as const;

export const anonymiseUser = (id: string) => putAction<null>(PRIVACY_API.anonymise, { id });

/** Offered for a frozen user not yet anonymised (a deleted one is anonymised through the API: it is not listed). */
export const mayAnonymise = (record: UserRecord): boolean =>
  record.status === USER_STATUS.frozen && !record.username.startsWith(ANONYMISED_USERNAME_PREFIX);

/** 用户管理 → 匿名化: asks, naming the user, then removes their personal data (issue 24 item 12). */
export function useAnonymiseUser(): (record: UserRecord, done: () => void) => void {
  const { modal, message } = App.useApp();
  return useCallback(
    (record, done) => {
      modal.confirm({
        title: ANONYMISE_TEXT.title,
        content: ANONYMISE_TEXT.confirm(record.realname, record.username),
        okText: ANONYMISE_TEXT.ok,
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const res = await anonymiseUser(record.id);
            message.success(res.message);
            done();
          } catch {
            // The request layer shows the server's message.
          }
        },
      });
    },
    [modal, message],
  );
}
