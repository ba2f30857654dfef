import { THIRD_LOGIN_API as A, type ThirdProviderInfo } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http.js';

import thirdBindFlowRoutes from './bind-flow.routes.js';
import thirdLoginFlowRoutes from './login-flow.routes.js';
import thirdAccountRoutes from './third-account.routes.js';

/** Third-party login (OIDC, OAuth 2, 钉钉, 企业微信): the configured providers; each flow is a routes file of its own. */
export default async function thirdLoginRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const providers = () => ctx.config.thirdLoginProviders;

  app.get(A.providers, { config: { auth: 'public' } }, async () => {
    const list: ThirdProviderInfo[] = providers().map((p) => ({ key: p.key, name: p.name }));
    return ok(list, '查询成功');
  });

  await app.register(thirdLoginFlowRoutes);
  await app.register(thirdBindFlowRoutes);
  await app.register(thirdAccountRoutes);
}
