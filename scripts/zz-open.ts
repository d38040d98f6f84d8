import { readdirSync } from 'node:fs';
import { openEmbeddedDatabase } from '../server/db/client.ts';
const dir = 'node_modules/.cache/restay-test-databases/' + readdirSync('node_modules/.cache/restay-test-databases')[0];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const h = await openEmbeddedDatabase({ loadFrom: dir + '/migrated.tar' });
  console.log('open', (performance.now() - t).toFixed(0)); await h.close();
}
