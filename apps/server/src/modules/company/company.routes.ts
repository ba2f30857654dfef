import { COMPANY_API, PERM } from '@district/shared';
import {
  bankAccountCreateSchema,
  bankAccountUpdateSchema,
  bankSetDefaultSchema,
  companySchema,
} from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../lib/http.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import {
  addBank,
  deleteBank,
  editBank,
  listBanks,
  readProfile,
  saveProfile,
  setDefaultBank,
} from './company.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

/** The company profile (企业信息) of the caller's tenant and its bank accounts. */
export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  const changed = () => dataChanged(app.ctx.kv);

  app.get(COMPANY_API.profile, { config: { auth: PERM.companyView } }, async (request) =>
    ok(await readProfile(resourceContext(app, request)), ''),
  );

  app.put(COMPANY_API.profile, { config: { auth: PERM.companyEdit } }, async (request) => {
    const input = parse(companySchema, request.body);
    const profile = await saveProfile(resourceContext(app, request), input);
    await changed();
    return ok(profile, '保存成功！');
  });

  app.get(COMPANY_API.bankList, { config: { auth: PERM.companyView } }, async (request) =>
    ok(await listBanks(resourceContext(app, request)), ''),
  );

  app.post(COMPANY_API.bankAdd, { config: { auth: PERM.companyEdit } }, async (request) => {
    const input = parse(bankAccountCreateSchema, request.body);
    const account = await addBank(resourceContext(app, request), input);
    await changed();
    return ok(account, '添加成功！');
  });

  app.put(COMPANY_API.bankEdit, { config: { auth: PERM.companyEdit } }, async (request) => {
    const input = parse(bankAccountUpdateSchema, request.body);
    const account = await editBank(resourceContext(app, request), input);
    await changed();
    return ok(account, '编辑成功！');
  });

  app.delete(COMPANY_API.bankDelete, { config: { auth: PERM.companyEdit } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    await deleteBank(resourceContext(app, request), id);
    await changed();
    return ok(null, '删除成功！');
  });

  app.put(COMPANY_API.bankSetDefault, { config: { auth: PERM.companyEdit } }, async (request) => {
    const { id } = parse(bankSetDefaultSchema, request.body);
    const account = await setDefaultBank(resourceContext(app, request), id);
    await changed();
    return ok(account, '已设为默认账户');
  });
}
