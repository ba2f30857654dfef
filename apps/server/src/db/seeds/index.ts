import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { seedDemo } from './demo.seed.js';
import { seedReference } from './reference.seed.js';
import { seedCategories } from './category.seed.js';
import { seedDepreciation } from './depreciation.seed.js';
import { seedInventory } from './inventory.seed.js';
import { seedRules } from './rule.seed.js';
import { seedOps } from './ops.seed.js';
import { seedDemoOfficers, seedOfficers } from './officer.seed.js';
import { seedDemoAssets } from './asset-demo.seed.js';
import { seedCompanies } from './company.seed.js';
import { seedDemoProjects } from './project-demo.seed.js';
import { seedPrintTemplates } from './print.seed.js';
import { seedDemoMessages } from './message.seed.js';

export async function runSeeds(
  db: Kysely<Database>,
  opts: {
    demo: boolean;
    hashPassword: (p: string) => Promise<string>;
    /** With demo: the 10,000 demo assets, the demo projects and room tickets (off in API tests, which bring their own). */
    demoAssets?: boolean;
    uploadDir?: string;
  },
): Promise<void> {
  await seedReference(db);
  await seedCategories(db);
  await seedRules(db);
  await seedPrintTemplates(db);
  await seedOps(db);
  await seedDepreciation(db);
  await seedInventory(db);
  await seedOfficers(db);
  if (opts.demo) await seedDemo(db, opts.hashPassword);
  if (opts.demo) await seedDemoOfficers(db, opts.hashPassword);
  if (opts.demo) await seedCompanies(db);
  if (opts.demo) await seedDemoMessages(db);
  if (opts.demo && opts.demoAssets && opts.uploadDir) await seedDemoAssets(db, opts.uploadDir);
  if (opts.demo && opts.demoAssets) await seedDemoProjects(db);
}
