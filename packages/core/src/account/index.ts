export * from './account-deletion.ts';
