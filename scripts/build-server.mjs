// Compiles the API (server/ and contract/) to dist/ with tsc and copies the SQL migrations beside it.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
rmSync('dist/contract', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
cpSync('server/db/migrations', 'dist/server/db/migrations', { recursive: true });
console.log('API built into dist/server');
