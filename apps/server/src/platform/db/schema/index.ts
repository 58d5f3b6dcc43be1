export * from './catalogue.ts';
export * from './enums.ts';
export * from './organisations.ts';
export * from './people.ts';
export * from './platform.ts';
export * from './sessions.ts';
export * from './users.ts';
