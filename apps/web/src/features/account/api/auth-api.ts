import {
  API,
  type CurrentUserDeparts,
  type SelectDepartInput,
  type UpdatePasswordInput,
  type UserInfo,
} from '@district/shared';
import { getAction, postAction, type RequestOptions } from '@/lib/request';

/** The captcha image (a data URL) for a check key. */
export function fetchCaptchaImage(checkKey: string) {
  return getAction<string>(`${API.randomImage}/${encodeURIComponent(checkKey)}`, undefined, { silent: true });
}

export function fetchCurrentUserDeparts() {
  return getAction<CurrentUserDeparts>(API.currentUserDeparts);
}

export function selectDepart(input: SelectDepartInput) {
  return postAction<{ userInfo: UserInfo }>(API.selectDepart, input);
}

export function updatePassword(input: UpdatePasswordInput, options?: RequestOptions) {
  return postAction(API.updatePassword, input, options);
}
