export * from './bot-check.ts';
export * from './catalogue-factories.ts';
export * from './factories.ts';
export * from './keyset-names.ts';
export * from './outbox.ts';
export * from './test-app.ts';
export * from './error-body.ts';
