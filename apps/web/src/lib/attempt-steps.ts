// The steps of a payment attempt as its timeline shows them (spec 3 section 2.1, spec 2
// Transaction attempt): the attempt's own first entry is step 1 and its logs follow in the
// order they were written, numbered from 2. The payment link's attempt log and a transaction's
// attempts read the same way.

export interface NumberedStep<Step> {
  /** 1 for the attempt's first entry, then 2, 3, ... for its logs. */
  number: number;
  step: Step;
}

export function attemptSteps<Step>(first: Step, logs: readonly Step[]): NumberedStep<Step>[] {
  return [first, ...logs].map((step, index) => ({ number: index + 1, step }));
}
