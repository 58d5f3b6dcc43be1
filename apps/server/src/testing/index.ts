export * from './factories.ts';
export * from './test-app.ts';
