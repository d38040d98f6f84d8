// Module customization hooks (node:module register) that append the URL of every module the process loads to
// a file, one per line: evidence of what a started server loaded. Registered by module-log.mjs.
import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function load(url, context, nextLoad) {
  appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
}
