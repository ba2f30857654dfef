import { Grid } from 'antd';

/**
 * Below antd's `md` breakpoint (768 px, where the shell's menu becomes a drawer): a phone. Lists then fold their
 * query form and show each record as a card. Until the breakpoints are known (the first render, or no media
 * queries at all) the screen counts as wide.
 */
export function useNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return Boolean(screens.xs || (screens.sm && !screens.md));
}
