import { USER_MESSAGES } from '@district/shared';
import type { PasswordFieldsProps } from '@/components/password-fields/password-fields';

/** 用户管理's words for the password pair (新增 and 重置密码). */
export const USER_PASSWORD_TEXT: Pick<PasswordFieldsProps, 'labels' | 'placeholders' | 'messages'> = {
  labels: { password: '登录密码', confirm: '确认密码' },
  placeholders: { password: '请输入登录密码', confirm: '请重新输入登录密码' },
  messages: {
    required: USER_MESSAGES.passwordRequired,
    confirmRequired: USER_MESSAGES.confirmRequired,
    mismatch: USER_MESSAGES.mismatch,
  },
};
