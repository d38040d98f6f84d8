// `npm run build:server`: the API as the bundle `npm start` runs (dist/server/main.js).
import { rmSync } from 'node:fs';
import { bundleServer } from './server-bundle.ts';

rmSync('dist/contract', { recursive: true, force: true });
await bundleServer('dist/server');
console.log('API built into dist/server');
