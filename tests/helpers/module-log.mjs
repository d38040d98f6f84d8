// `node --import ./module-log.mjs` records every module the process loads in the file named by RESTAY_MODULE_LOG.
import { register } from 'node:module';
import process from 'node:process';

register('./module-log-hooks.mjs', import.meta.url, { data: { log: process.env.RESTAY_MODULE_LOG } });
