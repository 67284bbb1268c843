import { describe, expect, it } from 'vitest';
import { attemptSteps } from './attempt-steps.ts';

describe('attemptSteps', () => {
  it('numbers the first entry 1 and the logs from 2, in the order written', () => {
    expect(attemptSteps('opened', ['card checked', 'approved', 'posted'])).toEqual([
      { number: 1, step: 'opened' },
      { number: 2, step: 'card checked' },
      { number: 3, step: 'approved' },
      { number: 4, step: 'posted' },
    ]);
  });

  it('is the first entry alone when the attempt has no logs', () => {
    expect(attemptSteps('opened', [])).toEqual([{ number: 1, step: 'opened' }]);
  });
});
