export { sessionStore } from './sessionStore';
export type { SessionState } from './sessionStore';
export { useSession } from './useSession';
