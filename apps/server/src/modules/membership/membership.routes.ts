import type { FastifyInstance } from 'fastify';
import departRoleUserRoutes from './depart-role-user.routes.js';
import departUserRoutes from './depart-user.routes.js';
import positionUserRoutes from './position-user.routes.js';
import roleUserRoutes from './role-user.routes.js';
import tenantUserRoutes from './tenant-user.routes.js';

/**
 * Who belongs where: the users of a department, a department role, a position, a role and a tenant (each a page of
 * the user list under its owner's scope, with add and remove), and the address book. The owners' modules know
 * nothing of users; this module reads both sides.
 */
export default async function membershipRoutes(app: FastifyInstance): Promise<void> {
  await app.register(departUserRoutes);
  await app.register(departRoleUserRoutes);
  await app.register(positionUserRoutes);
  await app.register(roleUserRoutes);
  await app.register(tenantUserRoutes);
}
