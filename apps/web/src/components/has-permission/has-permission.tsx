import type { ReactNode } from 'react';
import { useHasPermission } from './use-has-permission';

interface HasPermissionProps {
  /** One action or a comma-separated list; any allowed action shows the children. */
  action: string;
  children: ReactNode;
  /** Rendered instead of the children when the action is not allowed. */
  fallback?: ReactNode;
}

/** Removes its children (typically a button) unless the user may perform the action. */
export function HasPermission({ action, children, fallback = null }: HasPermissionProps) {
  const allowed = useHasPermission();
  return <>{allowed(action) ? children : fallback}</>;
}
