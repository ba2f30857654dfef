import { useEffect, useState } from 'react';
import { Button } from 'antd';
import type { ThirdProviderInfo } from '@district/shared';
import { fetchThirdProviders, thirdRenderUrl } from '../api/third-login-api';

/** 其他登录方式 under the login form: one button per configured provider, nothing when none is configured. */
export function ThirdLoginButtons() {
  const [providers, setProviders] = useState<ThirdProviderInfo[]>([]);
  useEffect(() => {
    let active = true;
    fetchThirdProviders().then(
      (res) => active && setProviders(res.result ?? []),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  if (!providers.length) return null;
  return (
    <section aria-label="其他登录方式" style={{ marginTop: 24 }}>
      <div style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)', marginBottom: 12 }}>其他登录方式</div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
        {providers.map((p) => (
          <Button key={p.key} href={thirdRenderUrl(p.key)}>
            {p.name}
          </Button>
        ))}
      </div>
    </section>
  );
}
