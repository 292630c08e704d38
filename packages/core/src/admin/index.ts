// The back office's flows (docs/statecharts.md, 'Back office'): one folder per flow.
export * from './access/index.ts';
export * from './search/index.ts';
export * from './clients/index.ts';
export * from './customer/index.ts';
export * from './journal/index.ts';
