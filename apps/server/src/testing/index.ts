export * from './bot-check.ts';
export * from './factories.ts';
export * from './outbox.ts';
export * from './test-app.ts';
