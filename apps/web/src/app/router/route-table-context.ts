import { createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';
import { buildRouteTable, type RouteTable } from './build-routes';

export interface RoutingState {
  table: RouteTable;
  /** Route objects of the pages inside the main layout. */
  mainRoutes: RouteObject[];
}

export const RouteTableContext = createContext<RoutingState>({ table: buildRouteTable([]), mainRoutes: [] });

export function useRouting(): RoutingState {
  return useContext(RouteTableContext);
}
