import './lib/zod-jitless.ts';
import { startApp } from './app/start-app.tsx';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
void startApp(rootElement);
