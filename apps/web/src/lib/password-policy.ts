import { useEffect, useState } from 'react';
import { DEFAULT_PASSWORD_POLICY, SECURITY_API, type PasswordPolicy } from '@district/shared';
import { getAction } from './request';

const FRESH_MS = 60_000;
let cached: { policy: PasswordPolicy; at: number } | null = null;
let pending: Promise<PasswordPolicy | null> | null = null;

function loadPolicy(): Promise<PasswordPolicy | null> {
  pending ??= getAction<PasswordPolicy>(SECURITY_API.passwordPolicy, undefined, { silent: true })
    .then(
      (res) => {
        if (res.result) cached = { policy: res.result, at: Date.now() };
        return res.result ?? null;
      },
      () => null,
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The platform's password rule (安全设置), as every form that sets a password checks it before the server does. Until
 * it has arrived (or when it cannot be read) the default rule applies; the server checks the configured one anyway.
 * Plain state rather than a query: the register and password pages live outside the app shell's query client.
 */
export function usePasswordPolicy(): PasswordPolicy {
  const [policy, setPolicy] = useState<PasswordPolicy>(cached?.policy ?? DEFAULT_PASSWORD_POLICY);
  useEffect(() => {
    if (cached && Date.now() - cached.at < FRESH_MS) return;
    let active = true;
    void loadPolicy().then((loaded) => {
      if (active && loaded) setPolicy(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return policy;
}

/** Tests: forget the policy read by an earlier test. */
export function forgetPasswordPolicy(): void {
  cached = null;
}
