/** Thin wrappers over browser navigation so callers (and tests) never touch window.location directly. */
export function reloadPage(): void {
  window.location.reload();
}

export function openWindow(url: string): void {
  window.open(url, '_blank', 'noopener');
}
