import type { Database, Transaction } from './connect';

/**
 * What changed in a transaction, noted while it runs and handed on only once it has committed
 * (live updates: a customer's balances, a lifecycle entity, a customer's access). Notes say what
 * to look at, not what it now is: whoever listens reads the committed state afresh.
 */
export type CommitNote =
  | { topic: 'balances'; customerId: number }
  | { topic: 'lifecycle'; type: string; id: number }
  | { topic: 'access'; customerId: number }
  // Message centre: the customer's messages changed (a new one, one read).
  | { topic: 'messages'; customerId: number }
  // Customer service (docs/support.md): a chat message, a conversation's state or read marks,
  // a read receipt, an agent going on or off shift.
  | { topic: 'supportMessage'; conversationId: number; messageId: number }
  | { topic: 'supportConversation'; conversationId: number }
  | { topic: 'supportRead'; conversationId: number; by: 'customer' | 'staff' }
  | { topic: 'supportShift' };

export type CommitListener = (notes: readonly CommitNote[]) => void;

interface Pending {
  notes: Map<string, CommitNote>;
}
interface Root {
  listeners: Set<CommitListener>;
}

/** The open transaction (or savepoint) each transaction object belongs to. */
const pendingOf = new WeakMap<object, Pending>();
/** The listeners of each tracked database (one per app: tests run several in one process). */
const rootOf = new WeakMap<object, Root>();

const keyOf = (note: CommitNote): string => {
  switch (note.topic) {
    case 'lifecycle':
      return `lifecycle:${note.type}:${note.id}`;
    case 'supportMessage':
      return `supportMessage:${note.messageId}`;
    case 'supportConversation':
      return `supportConversation:${note.conversationId}`;
    case 'supportRead':
      return `supportRead:${note.conversationId}:${note.by}`;
    case 'supportShift':
      return 'supportShift';
    default:
      return `${note.topic}:${note.customerId}`;
  }
};

function deliver(root: Root, notes: readonly CommitNote[]): void {
  if (notes.length === 0) return;
  for (const listener of root.listeners) {
    // A listener's failure must never reach the code whose transaction has already committed.
    try {
      listener(notes);
    } catch {
      // Listeners report their own errors.
    }
  }
}

type TransactionFn = Transaction['transaction'];

/**
 * Every transaction object this tracking hands out notes into its own Pending; a savepoint's
 * notes join its parent's only when the savepoint is released, so what a rolled-back savepoint
 * noted is forgotten with it.
 */
function trackSavepoints(tx: Transaction, pending: Pending): void {
  pendingOf.set(tx, pending);
  const original: TransactionFn = tx.transaction.bind(tx);
  const wrapped: TransactionFn = async (fn) => {
    const inner: Pending = { notes: new Map() };
    const result = await original((savepoint) => {
      trackSavepoints(savepoint, inner);
      return fn(savepoint);
    });
    for (const [key, note] of inner.notes) pending.notes.set(key, note);
    return result;
  };
  tx.transaction = wrapped;
}

/**
 * Makes `db` hand the notes of each committed transaction to its listeners (onCommitted). Called
 * once by openDatabase, so every transaction the app opens, at any depth, is tracked: the
 * outermost `db.transaction` resolves only after COMMIT, which is the after-commit point.
 */
export function trackCommits(db: Database): Database {
  if (rootOf.has(db)) return db;
  const root: Root = { listeners: new Set() };
  rootOf.set(db, root);
  const original: Database['transaction'] = db.transaction.bind(db);
  const wrapped: Database['transaction'] = async (fn, config) => {
    const pending: Pending = { notes: new Map() };
    const result = await original((tx) => {
      trackSavepoints(tx, pending);
      return fn(tx);
    }, config);
    deliver(root, [...pending.notes.values()]);
    return result;
  };
  db.transaction = wrapped;
  return db;
}

/**
 * Notes a change made through `db`: inside a transaction it waits for the commit (and is dropped
 * if the transaction rolls back); on the database itself the statement has already committed,
 * so it is handed on at once. On an untracked database it is dropped: nobody listens there.
 */
export function noteForCommit(db: Database | Transaction, note: CommitNote): void {
  const pending = pendingOf.get(db);
  if (pending) {
    pending.notes.set(keyOf(note), note);
    return;
  }
  const root = rootOf.get(db);
  if (root) deliver(root, [note]);
}

/** Calls `listener` with the notes of every transaction on `db` once it has committed. */
export function onCommitted(db: Database, listener: CommitListener): () => void {
  const root = rootOf.get(db);
  if (!root) throw new Error('onCommitted: the database is not tracked (trackCommits)');
  root.listeners.add(listener);
  return () => root.listeners.delete(listener);
}
