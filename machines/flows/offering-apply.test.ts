import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OfferingAnswer, OfferingSubmission } from './offering-apply';
import { draftIsValid, offeringApplyMachine } from './offering-apply';

/** The apply/bid flow: form → confirmation → submitting → done or refused (back where it fits). */
function run(answer: (input: OfferingSubmission) => Promise<OfferingAnswer>) {
  const sent: OfferingSubmission[] = [];
  const actor = createActor(
    offeringApplyMachine.provide({
      actors: {
        submit: fromPromise<OfferingAnswer, OfferingSubmission>(({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

const draft = { id: 3, shares: 20, price: null };

describe('the offering apply flow', () => {
  it('checks the draft: whole id and shares, a whole price or none', () => {
    expect(draftIsValid(draft)).toBe(true);
    expect(draftIsValid({ ...draft, price: 12_000 })).toBe(true);
    expect(draftIsValid({ ...draft, shares: 0 })).toBe(false);
    expect(draftIsValid({ ...draft, shares: 1.5 })).toBe(false);
    expect(draftIsValid({ ...draft, price: -1 })).toBe(false);
  });

  it('sends the draft with the fund password once and ends done with the answer', async () => {
    const { actor, sent } = run(() => Promise.resolve({ id: 9, state: 'applied' }));
    actor.send({ type: 'review', draft: { ...draft, shares: 0 } });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'review', draft });
    actor.send({ type: 'confirm', fundPassword: '12' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'confirm', fundPassword: '123456' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ ...draft, fundPassword: '123456' }]);
    expect(done.context).toMatchObject({ answer: { id: 9, state: 'applied' }, fundPassword: '' });
  });

  it('goes back to the confirmation for a wrong fund password, to the form for anything else', async () => {
    const codes = ['fund_password.wrong', 'placement.below_minimum'];
    const { actor } = run(() =>
      Promise.reject(Object.assign(new Error('no'), { code: codes.shift(), params: { min: 10 } })),
    );
    actor.send({ type: 'review', draft });
    actor.send({ type: 'confirm', fundPassword: '123456' });
    await waitFor(actor, (s) => s.value === 'refused');
    expect(actor.getSnapshot().context.refusal?.code).toBe('fund_password.wrong');
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'confirm', fundPassword: '123456' });
    await waitFor(actor, (s) => s.value === 'refused');
    expect(actor.getSnapshot().context.refusal).toEqual({
      code: 'placement.below_minimum',
      params: { min: 10 },
    });
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
