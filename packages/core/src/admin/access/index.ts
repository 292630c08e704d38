export * from './backOfficeAccess.ts';
