import { useCallback, useEffect, useState } from 'react';
import { ListState } from '../../market/parts/ListState';
import type { TradeTicket as TradeTicketView } from './TradeTicket';

type TicketModule = { TradeTicket: typeof TradeTicketView };

let loaded: TicketModule | null = null;
let pending: Promise<TicketModule> | null = null;

/**
 * The ticket's code (the order flow, its forms, schemas and keypad) loads apart from the screens
 * that open it: the stock detail shows its price and chart without evaluating it on a slow phone.
 * A failed load is forgotten, so the next open tries again.
 */
export function loadTradeTicket(): Promise<TicketModule> {
  pending ??= import('./TradeTicket').then(
    (m) => (loaded = m),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Starts loading ahead of a tap (idle time, a press on the trade bar); never throws. */
export function preloadTradeTicket(): void {
  loadTradeTicket().catch(() => undefined);
}

/** `TradeTicket`, with its loading and a retry when its code could not be fetched. */
export function LazyTradeTicket(props: Parameters<typeof TradeTicketView>[0]) {
  const [module, setModule] = useState<TicketModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let current = true;
    loadTradeTicket().then(
      (m) => current && setModule(m),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [module, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  if (module) return <module.TradeTicket {...props} />;
  return (
    <ListState testId="ticket" loading={!failed} failed={failed} empty onRetry={retry} rows={3}>
      {null}
    </ListState>
  );
}
