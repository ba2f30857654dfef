import { XMLParser } from 'fast-xml-parser';
import { ACCOUNT_MESSAGES as M } from '@district/shared';
import type { AppConfig } from '../../config.js';
import { ApiError } from '../../lib/http.js';

// No entity expansion: a CAS answer has no use for it, and expanding is how a name is injected or memory blown up.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
});
/** A document type (with or without internal entity declarations) or an entity declaration anywhere. */
const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/i;

interface CasAnswer {
  serviceResponse?: {
    authenticationSuccess?: { user?: unknown };
    authenticationFailure?: unknown;
  };
}

/**
 * Validates a service ticket at the configured CAS server (protocol 3, `/p3/serviceValidate`) for the service
 * URL fixed in the configuration, and answers the CAS user name. A ticket issued for another service, a used or
 * expired one, or an answer that is not CAS XML (or declares a DOCTYPE/entities) is refused (401); an unreachable
 * server is 502.
 */
export async function validateCasTicket(config: AppConfig, ticket: string): Promise<string> {
  if (!config.casServerUrl || !config.casServiceUrl) throw new ApiError(403, M.casDisabled);
  const url = new URL(`${config.casServerUrl}/p3/serviceValidate`);
  url.searchParams.set('service', config.casServiceUrl);
  url.searchParams.set('ticket', ticket);
  let body: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
    if (!res.ok) throw new Error(`CAS ${res.status}`);
    body = (await res.text()).slice(0, 64 * 1024);
  } catch {
    throw new ApiError(502, M.casUnreachable);
  }
  // CAS answers never declare a document type: one that does is not a CAS answer.
  if (DECLARATION.test(body)) throw new ApiError(401, M.casTicketInvalid);
  let answer: CasAnswer;
  try {
    answer = parser.parse(body) as CasAnswer;
  } catch {
    throw new ApiError(401, M.casTicketInvalid);
  }
  const user = answer.serviceResponse?.authenticationSuccess?.user;
  if (typeof user !== 'string' || !user.trim()) throw new ApiError(401, M.casTicketInvalid);
  return user.trim();
}

/** Where the browser goes to sign in at CAS: back to the fixed service URL with a ticket. */
export function casLoginUrl(config: AppConfig): string | null {
  if (!config.casServerUrl || !config.casServiceUrl) return null;
  return `${config.casServerUrl}/login?service=${encodeURIComponent(config.casServiceUrl)}`;
}
