// Where a /trade/place request spends its time, statement by statement (bench/README.md "Place
// order"): the place-order benchmark's loop traced by bench/request-profile.ts. Run:
// DATABASE_URL=postgres://… npx tsx bench/place-order-profile.ts [clients] [seconds]
import type { OrderClient } from './place-order';
import { BENCH_LIMITS, orderClients, placeOne } from './place-order';
import { profileRequests } from './request-profile';

await profileRequests<OrderClient>(
  {
    stepName: 'order',
    paths: ['/trade/place'],
    overrides: BENCH_LIMITS,
    setup: orderClients,
    step: (post, w, serial) => placeOne(post, w, serial, 'prof'),
  },
  Number(process.argv[2] ?? 10),
  Number(process.argv[3] ?? 10),
);
