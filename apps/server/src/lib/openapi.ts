import { z, type ZodType } from 'zod';
import type { RouteAuth } from '../context.js';

/*
 * The OpenAPI 3.1 description of the API (issue 28), built from the guard's route table: every route with its method,
 * path, what it declares (public, the public display, any user, or permission codes; platform administrators only),
 * and, where the route declared them, the zod schemas its handler validates with (the same schemas of
 * packages/shared the server parses bodies with). Summaries and tags come from the permission entries' names, so
 * integrators read the names the administrators see in 菜单管理.
 */

export interface DocumentedRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  platform: boolean;
  doc?: RouteDoc;
}

/** What a route tells the description about itself (`config.doc`). */
export interface RouteDoc {
  summary?: string;
  /** Tag (the screen the route serves) when no permission entry names one. */
  tag?: string;
  body?: ZodType;
  query?: ZodType;
  /** The answer is a file (Excel, PDF, an image), not the JSON envelope. */
  file?: boolean;
}

/** A permission code's entry: its name and the menu it hangs under. */
export interface PermissionName {
  name: string;
  menu: string | null;
}

export interface OpenApiOptions {
  apiBase: string;
  version: string;
  names: ReadonlyMap<string, PermissionName>;
}

const ENVELOPE = {
  type: 'object',
  description: '每个接口的统一应答：success、message（中文）、code（HTTP 状态或 200/201）、result（数据）、timestamp',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    code: { type: 'integer' },
    result: {},
    timestamp: { type: 'integer', description: '毫秒时间戳' },
  },
  required: ['success', 'message', 'code', 'result', 'timestamp'],
} as const;

/** The methods OpenAPI describes; HEAD mirrors GET, and Fastify's `all` also registers methods such as QUERY. */
const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']);

const FAILURES: Record<string, string> = {
  '400': '输入有误（中文说明见 message）',
  '401': '未登录或登录已失效',
  '403': '无权限（message 说明缺少的权限）',
  '404': '数据不存在',
  '429': '请求过于频繁',
  '500': '服务器内部错误（不含细节）',
  '503': '依赖的服务暂不可用（数据库、Redis、对象存储）',
};

/** JSON Schema (2020-12, as OpenAPI 3.1 uses it) of what a client sends; transforms are described by their input. */
function schemaOf(type: ZodType): Record<string, unknown> {
  try {
    const { $schema: _drop, ...schema } = z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    void _drop;
    return schema;
  } catch {
    // A schema zod cannot describe (a custom check over the whole value): described as any JSON.
    return {};
  }
}

function queryParameters(type: ZodType | undefined) {
  if (!type) return [];
  const schema = schemaOf(type) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
}

/** `/sys/user/:id` → `/sys/user/{id}`; a wildcard `*` → `{path}`. */
function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('path');
      return '{path}';
    });
  return { path, params };
}

function codesOf(auth: RouteAuth): string[] {
  if (auth === 'public' || auth === 'display' || auth === 'user') return [];
  return [auth].flat();
}

const AUTH_TEXT: Record<string, string> = {
  public: '公开接口，无需登录',
  display: '公开展示页面的接口：任一登录账号（含访客）',
  user: '任一登录用户（访客除外）',
};

export function buildOpenApi(routes: readonly DocumentedRoute[], opts: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (!METHODS.has(route.method) || !route.url.startsWith(opts.apiBase)) continue;
    const { path, params } = openApiPath(route.url);
    const codes = codesOf(route.auth);
    const named = codes.map((c) => opts.names.get(c)).find((n) => n !== undefined);
    const tag = named?.menu ?? route.doc?.tag ?? path.slice(opts.apiBase.length).split('/').filter(Boolean)[0] ?? 'api';
    tags.add(tag);
    const method = route.method.toLowerCase();
    const rights = codes.length
      ? `需要权限 ${codes.join(' 或 ')}${route.platform ? '，且须为平台管理员' : ''}`
      : `${AUTH_TEXT[String(route.auth)] ?? ''}${route.platform ? '，且须为平台管理员' : ''}`;
    const operation: Record<string, unknown> = {
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.doc?.summary ?? named?.name ?? `${route.method} ${path.slice(opts.apiBase.length)}`,
      description: rights,
      tags: [tag],
      'x-auth': typeof route.auth === 'string' && codes.length === 0 ? route.auth : 'permission',
      'x-permission': codes,
      'x-platform-only': route.platform,
      security: route.auth === 'public' ? [] : [{ accessToken: [], tenant: [] }],
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...queryParameters(route.doc?.query),
      ],
      responses: {
        '200': route.doc?.file
          ? { description: '文件', content: { 'application/octet-stream': { schema: { type: 'string' } } } }
          : {
              description: '成功',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
            },
        ...Object.fromEntries(
          Object.keys(FAILURES).map((status) => [status, { $ref: `#/components/responses/Failure${status}` }]),
        ),
      },
    };
    if (route.doc?.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(route.doc.body) } },
      };
    }
    (paths[path] ??= {})[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '区域资产资源管理与发布平台 API',
      version: opts.version,
      description:
        '每个应答都是统一的信封（Envelope）。登录后在请求头 X-Access-Token 中带上令牌，并可用 tenant-id 选择所属租户。' +
        '每个接口的 x-permission 列出所需的权限标识（任一即可），x-platform-only 表示只有平台管理员可以调用。',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Envelope: ENVELOPE },
      responses: Object.fromEntries(
        Object.entries(FAILURES).map(([status, description]) => [
          `Failure${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
        ]),
      ),
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token', description: '登录所得的令牌' },
        tenant: { type: 'apiKey', in: 'header', name: 'tenant-id', description: '所属租户编号（可选）' },
      },
    },
  };
}
