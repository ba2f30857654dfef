import { useEffect, useState } from 'react';
import { fetchCaptchaImage } from '../api/auth-api';

/** A fresh random check key (32 hex characters) ties a captcha image to the request it guards. */
export function newCheckKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The image captcha for a check key; a click asks for a new key. */
export function CaptchaImage({ checkKey, onRefresh }: { checkKey: string; onRefresh: () => void }) {
  const [image, setImage] = useState('');
  useEffect(() => {
    let active = true;
    fetchCaptchaImage(checkKey).then(
      (res) => active && setImage(res.result ?? ''),
      () => active && setImage(''),
    );
    return () => {
      active = false;
    };
  }, [checkKey]);
  return (
    <button type="button" className="login-captcha" onClick={onRefresh} title="看不清？换一张" aria-label="刷新验证码">
      {image ? <img src={image} alt="验证码" /> : <span>获取验证码</span>}
    </button>
  );
}
