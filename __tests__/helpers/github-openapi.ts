/**
 * Checks HTTP requests against GitHub's published OpenAPI description (npm `@octokit/openapi`).
 * Only the one description file needed is read (the package's index.js would load all ten, ~400 MB).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './shared.js';

type Json = any;

export type DescriptionName = 'api.github.com' | 'ghes-3.19';

export interface MatchedOperation {
  template: string;
  method: string;
  operationId: string;
  operation: Json;
  pathParams: Record<string, string>;
}

export interface Validation {
  operation?: MatchedOperation;
  problems: string[];
}

const cache = new Map<DescriptionName, OpenApi>();

export function openApi(name: DescriptionName = 'api.github.com'): OpenApi {
  let spec = cache.get(name);
  if (!spec) {
    spec = new OpenApi(
      JSON.parse(
        readFileSync(join(repoRoot, 'node_modules', '@octokit', 'openapi', 'generated', `${name}.json`), 'utf8'),
      ),
    );
    cache.set(name, spec);
  }
  return spec;
}

export class OpenApi {
  /**
   * The path templates by their number of segments: a parameter matches within one segment, so a path can only match
   * a template with as many. Every request is matched; trying all ~900 templates' patterns on each took seconds of
   * the suites that talk to the loopback API.
   */
  private readonly templatesBySegments = new Map<
    number,
    { template: string; regex: RegExp; names: string[]; literals: number }[]
  >();

  constructor(readonly spec: Json) {
    for (const template of Object.keys(spec.paths)) {
      const names: string[] = [];
      const source = template
        .split('/')
        .map((segment) =>
          segment.replace(/\{([^}]+)\}|([^{]+)/g, (_m, name: string | undefined, literal: string | undefined) => {
            if (name !== undefined) {
              names.push(name);
              return '([^/]+)';
            }
            return literal!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          }),
        )
        .join('/');
      const literals = template.split('/').filter((s) => s !== '' && !s.includes('{')).length;
      const segments = template.split('/').length;
      const bucket = this.templatesBySegments.get(segments) ?? [];
      bucket.push({ template, regex: new RegExp(`^${source}$`), names, literals });
      this.templatesBySegments.set(segments, bucket);
    }
  }

  /** Resolves a local `$ref` (`#/components/...`). */
  resolve(node: Json): Json {
    let current = node;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const parts = (current.$ref as string).replace(/^#\//, '').split('/');
      current = parts.reduce((at: Json, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.spec);
    }
    return current;
  }

  /** The operation for a method and path (without the API root); the most specific template wins. */
  match(method: string, path: string): MatchedOperation | undefined {
    const candidates = (this.templatesBySegments.get(path.split('/').length) ?? [])
      .map((t) => ({ t, m: t.regex.exec(path) }))
      .filter((c) => c.m !== null)
      .sort((a, b) => b.t.literals - a.t.literals);
    for (const { t, m } of candidates) {
      const operation = this.spec.paths[t.template][method.toLowerCase()];
      if (!operation) continue;
      const pathParams: Record<string, string> = {};
      t.names.forEach((name, i) => (pathParams[name] = decodeURIComponent(m![i + 1]!)));
      return {
        template: t.template,
        method: method.toUpperCase(),
        operationId: operation.operationId,
        operation,
        pathParams,
      };
    }
    return undefined;
  }

  parameters(op: MatchedOperation): Json[] {
    const shared = this.spec.paths[op.template].parameters ?? [];
    return [...shared, ...(op.operation.parameters ?? [])].map((p: Json) => this.resolve(p));
  }

  /**
   * Everything wrong with a request: unknown path or method, undeclared or missing query
   * parameters, values outside their schema, missing authorization.
   */
  validateRequest(
    method: string,
    url: URL,
    headers: Record<string, string | string[] | undefined>,
    apiRoot = '',
  ): Validation {
    const problems: string[] = [];
    let path = url.pathname;
    if (apiRoot !== '') {
      if (!path.startsWith(apiRoot + '/'))
        return { problems: [`${method} ${path}: not under the API root ${apiRoot}`] };
      path = path.slice(apiRoot.length);
    }
    const operation = this.match(method, path);
    if (!operation) {
      const anyTemplate = (this.templatesBySegments.get(path.split('/').length) ?? []).some((t) => t.regex.test(path));
      return {
        problems: [
          anyTemplate
            ? `${method} ${path}: the path exists but has no ${method} operation`
            : `${method} ${path}: no such path in the description`,
        ],
      };
    }
    const where = `${operation.operationId} (${method} ${operation.template})`;
    const params = this.parameters(operation);
    for (const p of params.filter((p) => p.in === 'path')) {
      const value = operation.pathParams[p.name];
      if (value === undefined) problems.push(`${where}: path parameter ${p.name} missing`);
      else
        problems.push(
          ...this.checkValue(p.schema, value).map((e) => `${where}: path parameter ${p.name}=${value}: ${e}`),
        );
    }
    const declared = new Map(params.filter((p) => p.in === 'query').map((p) => [p.name as string, p]));
    const seen = new Set<string>();
    for (const [name, value] of url.searchParams) {
      if (seen.has(name)) problems.push(`${where}: query parameter ${name} given twice`);
      seen.add(name);
      const p = declared.get(name);
      if (!p) {
        problems.push(`${where}: query parameter ${name} is not declared for this operation`);
        continue;
      }
      problems.push(...this.checkValue(p.schema, value).map((e) => `${where}: query parameter ${name}=${value}: ${e}`));
      if (name === 'per_page' && Number(value) > 100)
        problems.push(`${where}: per_page=${value} is over the documented maximum of 100`);
    }
    for (const p of declared.values())
      if (p.required && !seen.has(p.name)) problems.push(`${where}: required query parameter ${p.name} missing`);
    for (const p of params.filter((p) => p.in === 'header' && p.required)) {
      if (headers[p.name.toLowerCase()] === undefined) problems.push(`${where}: required header ${p.name} missing`);
    }
    const authorization = headers['authorization'];
    if (typeof authorization !== 'string' || !/^(token|Bearer) \S+$/.test(authorization))
      problems.push(`${where}: no authorization header of the form "token …" or "Bearer …"`);
    const accept = headers['accept'];
    if (typeof accept !== 'string' || !/application\/(vnd\.github[.+a-z0-9-]*|json)/.test(accept))
      problems.push(`${where}: accept header ${String(accept)} is not a GitHub media type`);
    // Whether a body is allowed is checked by the fakes, which see the body: an operation without a
    // requestBody (DELETE …/comments/{id}) is fine as long as none is sent.
    return { operation, problems };
  }

  /** Whether the description declares this response status for the operation. */
  declaresStatus(op: MatchedOperation, status: number): boolean {
    return Object.keys(op.operation.responses ?? {}).includes(String(status));
  }

  /** The response schema of a status (resolved), for shallow field checks. */
  responseSchema(op: MatchedOperation, status: number): Json {
    const response = this.resolve(op.operation.responses?.[String(status)]);
    return this.resolve(response?.content?.['application/json']?.schema);
  }

  /** Minimal JSON-schema check of a string value (path or query): type, enum, oneOf/anyOf. */
  checkValue(schemaNode: Json, value: string): string[] {
    const schema = this.resolve(schemaNode);
    if (!schema) return [];
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(schema[key])) {
        return schema[key].some((s: Json) => this.checkValue(s, value).length === 0) ? [] : [`matches none of ${key}`];
      }
    }
    const errors: string[] = [];
    if (Array.isArray(schema.enum) && !schema.enum.map(String).includes(value))
      errors.push(`not one of ${schema.enum.join(', ')}`);
    switch (schema.type) {
      case 'integer':
        if (!/^-?[0-9]+$/.test(value)) errors.push('not an integer');
        else {
          if (schema.minimum !== undefined && Number(value) < schema.minimum)
            errors.push(`below the minimum ${schema.minimum}`);
          if (schema.maximum !== undefined && Number(value) > schema.maximum)
            errors.push(`above the maximum ${schema.maximum}`);
        }
        break;
      case 'number':
        if (Number.isNaN(Number(value))) errors.push('not a number');
        break;
      case 'boolean':
        if (value !== 'true' && value !== 'false') errors.push('not a boolean');
        break;
    }
    return errors;
  }
}
