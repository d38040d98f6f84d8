/**
 * The stand-in wing's one door: what server/adapters.ts mounts when the stand-in policy allows it. adapters.ts
 * loads this module with a dynamic import only then, so a production process never loads a stand-in (a server
 * test starts the production bundle and checks its loaded modules).
 */
export { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from './demo/demo-data.ts';
export { resetDemoData, seedDemoData } from './demo/seed.ts';
export { publishDemoPolicies } from './demo/demo-policies.ts';
export { ECB_DAILY_FILE_PATH, ecbStandInRouter } from './ecb/ecb-standin.ts';
export { createDevMailbox } from './mailbox/dev-mailbox.ts';
export { devMailboxRouter } from './mailbox/dev-mailbox-routes.ts';
export { demoMewsRouter } from './mews/demo-mews-routes.ts';
export { createDemoMewsDelays } from './mews/demo-mews-delays.ts';
export { demoMewsIntegrationWebhook, demoMewsWebhook } from './mews/demo-mews-webhook.ts';
export { devPmsRouter } from './mews/dev-pms-routes.ts';
export { devSignInPage } from './sign-in/dev-sign-in-page.ts';
export { checkoutStandIn } from './stripe/checkout-standin.ts';
