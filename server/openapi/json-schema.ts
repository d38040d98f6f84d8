import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses) as a plain object. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The contract's zod schema as JSON Schema. A request is described by the schema's input side (what a client
 * sends, before defaults and coercion), a reply by its output side. Checks only code can make (refinements:
 * "a real date", "at most 2 decimals") have no JSON Schema form and are left to the operation's description;
 * transforms and preprocessing read as "any value" rather than failing the document.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return json;
}

export const requestSchema = (schema: z.ZodType) => toJsonSchema(schema, 'input');
export const replySchema = (schema: z.ZodType) => toJsonSchema(schema, 'output');

/** A reference to one of the document's named schemas (`components.schemas`). */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `{ success: true, data, meta? }`: every JSON reply of the API that is not an error. */
export function successEnvelope(data: JsonSchema, meta?: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: { success: { const: true }, data, ...(meta ? { meta } : {}) },
    required: ['success', 'data', ...(meta ? ['meta'] : [])],
  };
}
