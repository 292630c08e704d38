export * from './payment-cancel.ts';
