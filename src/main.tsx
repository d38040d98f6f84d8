import './lib/zod-jitless.ts';
import 'react-dom/client';
import { nextTask } from './lib/next-task.ts';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// React and React DOM are evaluated with this entry; the app (its router, its query cache, its pages' shared code)
// in a task of its own after it: evaluated together, they were one task long enough to hold up a tap on a slow
// phone. The server asks for the app's chunks with the entry's (STARTUP_MODULES in server/http/page-chunks.ts).
void nextTask()
  .then(() => import('./app/start-app.tsx'))
  .then(({ startApp }) => startApp(rootElement));
