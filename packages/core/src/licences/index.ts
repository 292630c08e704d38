export * from './licences.machine.ts';
export * from './licences.actors.ts';
export * from './licences.types.ts';
export * from './licences.rules.ts';
export * from './licences.selectors.ts';
export * from './licences.view.ts';
export * from './licences.report.ts';
