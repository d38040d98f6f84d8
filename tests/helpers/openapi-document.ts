import { z } from 'zod';
import type { OpenApiDocument } from '../../server/openapi/document.ts';

type Json = Record<string, any>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Every operation of the document, keyed `METHOD /path/{param}`. */
export function operationsOf(document: OpenApiDocument): Map<string, Json> {
  const operations = new Map<string, Json>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of HTTP_METHODS)
      if (item[method]) operations.set(`${method.toUpperCase()} ${path}`, item[method]);
  }
  return operations;
}

/** `/api/listings/:id` as the document writes it: `/api/listings/{id}`. */
export const templateOf = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

/** Follows a `#/...` reference inside the document. */
export function resolve(document: OpenApiDocument, value: Json): Json {
  if (typeof value.$ref !== 'string') return value;
  const target = value.$ref
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((node, key) => node?.[key], document as Json);
  if (!target) throw new Error(`unresolved reference ${value.$ref}`);
  return resolve(document, target);
}

/**
 * A JSON Schema of the document as a validator: zod's own JSON Schema reader (the only one installed), with the
 * document's named schemas handed over as `$defs` so references resolve.
 */
export function validatorOf(document: OpenApiDocument, schema: Json): z.ZodType {
  const rooted = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/'));
  return z.fromJSONSchema({ ...rooted, $defs: document.components.schemas } as never, {
    defaultTarget: 'draft-2020-12',
  });
}

/** The schema the document gives for `status` of an operation, or throws when it documents no such reply. */
export function documentedReply(document: OpenApiDocument, operationKey: string, status: number, contentType: string) {
  const operation = operationsOf(document).get(operationKey);
  if (!operation) throw new Error(`no operation ${operationKey}`);
  const response = operation.responses[status];
  if (!response) throw new Error(`${operationKey} documents no ${status} reply`);
  const schema = resolve(document, response).content?.[contentType]?.schema;
  if (!schema) throw new Error(`${operationKey} documents no ${contentType} body for ${status}`);
  return schema as Json;
}

/** The request body's schema of an operation. */
export function documentedBody(document: OpenApiDocument, operationKey: string): Json {
  const schema = operationsOf(document).get(operationKey)?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationKey} documents no JSON body`);
  return schema;
}
