// Where a /user/cashOut request spends its time (issue 10's benchmark, bench/README.md): the
// withdrawal benchmark's loop traced by bench/request-profile.ts. Run:
// DATABASE_URL=postgres://… npx tsx bench/withdrawal-profile.ts [clients] [seconds]
import { signInNewStaff } from '../tests/api/identity-helpers';
import type { Withdrawer } from '../tests/api/withdrawal-helpers';
import { FUND, fund, newWithdrawer } from '../tests/api/withdrawal-helpers';
import { profileRequests } from './request-profile';

await profileRequests<Withdrawer>(
  {
    stepName: 'withdrawal',
    paths: ['/user/cashOut', '/user/fundOrder/cancel'],
    overrides: { authRateLimit: { max: 10_000_000, windowMs: 60_000 } },
    async setup(t, clients) {
      const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
      const workers: Withdrawer[] = [];
      for (let i = 0; i < clients; i++) {
        const w = await newWithdrawer(t.app, t.db, t.demoCode, reviewer);
        await fund(t.db, w.id, 'KRW', 100_000);
        workers.push(w);
      }
      return workers;
    },
    // cashOut, then its cancel (one fund operation at a time): the step is both.
    async step(post, w, serial) {
      const answer = await post(
        w,
        '/user/cashOut',
        { currency: 'KRW', amount: 100_000, cardId: w.card.id, fundPassword: FUND },
        `prof-${w.id}-${serial}`,
      );
      if (answer.data) await post(w, '/user/fundOrder/cancel', { id: answer.data.id });
      return answer;
    },
  },
  Number(process.argv[2] ?? 10),
  Number(process.argv[3] ?? 10),
);
