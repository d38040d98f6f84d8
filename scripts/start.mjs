// `npm start`: serves the production build (API and SPA on one port), building it first when none exists.
// NODE_ENV is left to the operator: production mode refuses the local stand-ins (dev sign-in, test checkout),
// which `npm start` on a newcomer's machine is meant to offer.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = existsSync('dist/web/index.html') && existsSync('dist/server/main.js');
if (!built) {
  console.log('No production build found: building it once (npm run build)...');
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../dist/server/main.js');
