export * from './admin-indicators.machine.ts';
export * from './admin-indicators.actors.ts';
export * from './admin-indicators.view.ts';
