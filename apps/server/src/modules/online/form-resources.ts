import type { OnlineFormDef } from '@district/shared';
import { ONLINE_MESSAGES } from '@district/shared';
import { ApiError } from '../../lib/http.js';
import { rememberResource } from '../../lib/resource/data-log-view.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { formResource } from './form.resource.js';
import type { FormService } from './form.service.js';
import { deletingSubRows } from './form.subrows.js';

/**
 * The generated pages' resources: a form's definition as last synchronised, turned into a resource of the engine
 * at run time and kept until the form is synchronised again (or deleted).
 */
export class FormResources {
  private readonly cache = new Map<string, { version: number; def: ResourceDef }>();

  constructor(private readonly forms: FormService) {}

  clear(): void {
    this.cache.clear();
  }

  async resourceOf(table: string): Promise<{ form: OnlineFormDef; def: ResourceDef }> {
    const form = await this.forms.byTable(table);
    if (!form) throw new ApiError(404, ONLINE_MESSAGES.formNotFound);
    if (form.syncedVersion === null) throw new ApiError(400, ONLINE_MESSAGES.notSynced);
    const cached = this.cache.get(table);
    if (cached && cached.version === form.syncedVersion) return { form, def: cached.def };
    // The pages serve the table as last synchronised, not unsynchronised edits of the definition.
    const fields = (await this.forms.syncedFields(form.id)) ?? form.fields;
    const def = formResource({ ...form, fields });
    // Its data-log versions are then shown with the form's titles and labels (数据比较).
    rememberResource(def);
    this.cache.set(table, { version: form.syncedVersion, def });
    return { form, def };
  }

  /** A main form's resource whose deletes take the sub rows along (sub forms no longer defined are skipped). */
  async deletable(table: string): Promise<ResourceDef> {
    const { form, def } = await this.resourceOf(table);
    if (form.formKind !== 'main') return def;
    const subs = [];
    for (const link of form.subTables) {
      const sub = await this.resourceOf(link.table).catch(() => null);
      if (sub) subs.push({ link, def: sub.def });
    }
    return deletingSubRows(def, subs);
  }
}
