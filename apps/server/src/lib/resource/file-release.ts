import type { AppContext, AuthUser } from '../../context.js';
import type { ResourceContext, Row } from './resource.types.js';

/**
 * A committed edit or delete of a record: the file module releases the stored files the record let go of (in its
 * file columns before, not after) that nothing else uses. Nothing is released for a write that did not commit.
 */
export interface LetGo {
  /** The resource's table as declared (camelCase). */
  table: string;
  before: Row[];
  /** The rows as committed; none after a delete. */
  after: Row[];
  user: AuthUser;
}

export type FileReleaser = (change: LetGo) => Promise<void>;

// One releaser per app (keyed by its context, which every encapsulated plugin shares); none: nothing is released.
const releasers = new WeakMap<AppContext, FileReleaser>();

export function setFileReleaser(app: AppContext, releaser: FileReleaser): void {
  releasers.set(app, releaser);
}

/** Called after the write committed: the write stands whatever happens here, so a failure is only logged. */
export async function releaseLetGo(ctx: ResourceContext, table: string, before: Row[], after: Row[]): Promise<void> {
  const releaser = releasers.get(ctx.request.server.ctx);
  if (!releaser) return;
  try {
    await releaser({ table, before, after, user: ctx.user });
  } catch (error) {
    ctx.request.log.warn({ err: error, table }, 'releasing the files a write let go of failed');
  }
}
