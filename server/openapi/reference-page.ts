import { html, type SafeHtml } from '../http/html.ts';
import type { openApiDocument } from './document.ts';

type Document = ReturnType<typeof openApiDocument>;

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description?: string; $ref?: string }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Who may call it, in words: from the operation's security requirements. */
function access(security: unknown[] | undefined): string {
  if (!security?.length) return 'No sign-in.';
  return security.some((requirement) => Object.keys(requirement as object).length === 0)
    ? 'Sign-in optional: a session makes the reply say more.'
    : 'Signed in: send the session token as Authorization: Bearer.';
}

function section(method: string, path: string, op: Operation): SafeHtml {
  const parameters = op.parameters ?? [];
  const params =
    parameters.length > 0 &&
    html`<h4>Parameters</h4><ul>${parameters.map(
      (p) =>
        html`<li><code>${p.name}</code> (${p.in}${p.required ? ', required' : ''})${
          p.description && `: ${p.description}`
        }</li>`,
    )}</ul>`;
  const body =
    op.requestBody &&
    html`<h4>Body (JSON)</h4><pre>${JSON.stringify(op.requestBody.content['application/json']?.schema, null, 2)}</pre>`;
  const responses = Object.entries(op.responses).map(([status, reply]) => {
    const text = reply.description ?? (reply.$ref ? reply.$ref.split('/').at(-1)! : '');
    return html`<li><code>${status}</code> ${text}</li>`;
  });
  return html`<section id="${`${method}-${path}`}"><h3><code>${method.toUpperCase()} ${path}</code></h3>
<p>${op.summary}</p>${op.description && html`<p>${op.description}</p>`}
<p><em>${access(op.security)}</em></p>${params}${body}<h4>Replies</h4><ul>${responses}</ul></section>`;
}

/**
 * The API reference as one page a person reads (GET /api/docs), drawn from the same OpenAPI document as
 * /api/openapi.json: operations grouped by tag, each with who may call it, its parameters, its body's schema
 * and its replies. Plain HTML with no script, so it needs no renderer and passes the Content Security Policy.
 */
export function referencePage(document: Document): { title: string; body: SafeHtml } {
  const paths = document.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const groups = document.tags.map(({ name }) => {
    const sections = Object.entries(paths).flatMap(([path, methods]) =>
      METHODS.flatMap((method) => {
        const op = methods[method];
        return op && op.tags.includes(name) ? [section(method, path, op)] : [];
      }),
    );
    return sections.length > 0 && html`<h2>${name}</h2>${sections}`;
  });
  return {
    title: `${document.info.title} ${document.info.version}`,
    body: html`<p>${document.info.summary}</p><p>${document.info.description}</p>
<p>The same description as OpenAPI 3.1, for tools: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${groups}`,
  };
}
