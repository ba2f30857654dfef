import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/*
 * better-sqlite3 in two builds (decisions.md, "Node.js 24"). Up to version 12 it is compiled against the running
 * Node.js's own ABI, and on Node.js 24.19+ its statements abort the process when garbage collected (node::ObjectWrap
 * changed); version 13 is a Node-API build that ships prebuilt, but needs Node.js 22 (on 20 it crashes). Node.js 22
 * and later load 13 (installed as `better-sqlite3-napi`), Node.js 20 loads 12; their API is the same.
 */
const require = createRequire(import.meta.url);

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The module name of the build for this Node.js (also resolved for the report runner's child processes). */
export const SQLITE_MODULE = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

/** The resolved path of that build, for a plain child process to require. */
export const sqliteModulePath = (): string => require.resolve(SQLITE_MODULE);

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;

/** The Database class of the build for this Node.js. */
export const SQLite = require(SQLITE_MODULE) as typeof BetterSqlite3;
