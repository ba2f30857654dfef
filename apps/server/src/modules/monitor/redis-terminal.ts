import { MONITOR_MESSAGES, REDIS_TERMINAL_COMMANDS } from '@district/shared';
import { ApiError } from '../../lib/http.js';

const KEY_COMMANDS = new Set(['TTL', 'PTTL', 'TYPE', 'GET', 'EXISTS', 'STRLEN']);

/**
 * Checks one line of the Redis terminal and answers the command and arguments to send. Only the read-only
 * allowlist runs; commands that name keys may only name keys under our prefix, and SCAN needs a MATCH under
 * it (so the terminal never walks another deployment's keys, and never runs KEYS *).
 */
export function terminalCommand(line: string, prefix: string): [string, string[]] {
  const [head = '', ...args] = line.trim().split(/\s+/);
  const command = head.toUpperCase();
  if (!(REDIS_TERMINAL_COMMANDS as readonly string[]).includes(command)) {
    throw new ApiError(400, `${MONITOR_MESSAGES.commandNotAllowed}${REDIS_TERMINAL_COMMANDS.join('、')}`);
  }
  const bad = () => new ApiError(400, MONITOR_MESSAGES.commandBadArgs);
  const underPrefix = (key: string) => {
    if (!key.startsWith(prefix)) throw new ApiError(400, `${MONITOR_MESSAGES.keyOutsidePrefix}（${prefix}）`);
  };
  if (command === 'INFO') {
    if (args.length > 1 || (args[0] !== undefined && !/^[a-z]+$/i.test(args[0]))) throw bad();
  } else if (command === 'DBSIZE') {
    if (args.length) throw bad();
  } else if (KEY_COMMANDS.has(command)) {
    if (args.length !== 1) throw bad();
    underPrefix(args[0]!);
  } else if (command === 'SCAN') {
    // SCAN cursor MATCH pattern [COUNT n]
    const [cursor, match, pattern, countWord, count, ...rest] = args;
    if (!cursor || !/^\d{1,20}$/.test(cursor) || match?.toUpperCase() !== 'MATCH' || !pattern || rest.length) {
      throw bad();
    }
    underPrefix(pattern);
    if (countWord !== undefined) {
      if (countWord.toUpperCase() !== 'COUNT' || !count || !/^\d{1,4}$/.test(count) || Number(count) > 1000) {
        throw bad();
      }
    }
  }
  return [command, args];
}
