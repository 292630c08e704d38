/**
 * The message catalogue (messages/, one file per audience) as one namespace:
 * `messages.auth.loginSuccess`. A namespace, not one object, so a bundle carries only the
 * sections its code reads: the shared entry holds the HTTP and session texts, each screen's texts
 * travel with its lazy chunk (docs/performance.md, 'What the shared entry carries').
 */
export * as messages from './messages/index.ts';
