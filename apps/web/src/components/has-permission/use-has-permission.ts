import { useCallback } from 'react';
import { hasPermission, isFieldDisabled, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';

/** Returns a checker for button/page actions (comma-separated lists allowed) against the stored permissions. */
export function useHasPermission(): (actions: string) => boolean {
  const auth = useSessionStore((s) => s.auth);
  const allAuth = useSessionStore((s) => s.allAuth);
  return useCallback((actions: string) => hasPermission(actions, auth, allAuth), [auth, allAuth]);
}

/**
 * Whether a form field is read-only for the user. In workflow pages pass the form data's permission list,
 * which then decides before the stored permissions.
 */
export function useFieldDisabled(code: string, flowNodeList?: readonly AuthEntry[]): boolean {
  const auth = useSessionStore((s) => s.auth);
  const allAuth = useSessionStore((s) => s.allAuth);
  return isFieldDisabled(code, auth, allAuth, flowNodeList);
}
