export * from './admin-licences.machine.ts';
export * from './admin-licences.actors.ts';
export * from './admin-licences.types.ts';
export * from './admin-licences.rules.ts';
export * from './admin-licences.view.ts';
