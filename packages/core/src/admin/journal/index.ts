export * from './journal.actors.ts';
export * from './journal.machine.ts';
export * from './journal.rules.ts';
