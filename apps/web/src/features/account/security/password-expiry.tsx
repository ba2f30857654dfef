import { Button } from 'antd';
import { PASSWORD_CHANGE_PATH, SECURITY_MESSAGES } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { navigateTo } from '@/lib/navigation';

const KEY = 'password-expiry';

/** After login, within the warning period: the days left and a way to change the password now. */
export function notifyPasswordExpiry(days: number): void {
  feedback.notification.warning({
    key: KEY,
    title: '密码即将过期',
    description: SECURITY_MESSAGES.passwordExpiresSoon(days),
    duration: 0,
    actions: (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          feedback.notification.destroy(KEY);
          navigateTo(PASSWORD_CHANGE_PATH);
        }}
      >
        立即修改
      </Button>
    ),
  });
}
