export * from './clients.actors.ts';
export * from './clients.machine.ts';
export * from './clients.rules.ts';
export * from './clients.types.ts';
