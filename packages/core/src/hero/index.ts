export * from './hero.types.ts';
export * from './hero.machine.ts';
export * from './hero.selectors.ts';
