/**
 * The server project's global set-up: its test files start while a fresh checkout's database templates are
 * made, so the web files ahead of them in the run are not held up (see database-templates.ts).
 */
export { provideDatabaseTemplatesInBackground as default } from './database-templates.ts';
