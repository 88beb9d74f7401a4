import type { OrderSide } from '../../../contract/trade';

/** Red for a long, blue for a short, as Korean screens colour them; dark enough for white text (AA). */
export const SIDE_TINT: Record<OrderSide, string> = { long: '#d42a36', short: '#2563eb' };
