export * from './release-mails.machine.ts';
export * from './release-mails.actors.ts';
export * from './release-mails.types.ts';
export * from './release-mails.view.ts';
