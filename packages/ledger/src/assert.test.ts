import { describe, expect, it } from 'vitest';
import { AssertionError, assert, assertNever } from './assert.ts';

describe('assert', () => {
  it('throws an AssertionError naming the broken rule, and nothing when the condition holds', () => {
    // Proves a broken invariant is told apart from other errors by its class and its name.
    expect(() => assert(true, 'never thrown')).not.toThrow();
    let thrown: unknown;
    try {
      assert(1 > 2, 'one exceeds two');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AssertionError);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({ name: 'AssertionError', message: 'ledger assertion failed: one exceeds two' });
  });

  it('reports an unreachable value through assertNever as an AssertionError', () => {
    // Proves a switch that meets a value its type said could not exist fails as a defect.
    expect(() => assertNever('surprise' as never)).toThrow(AssertionError);
    expect(() => assertNever('surprise' as never)).toThrow('ledger assertion failed: unexpected value surprise');
  });
});
