// Answers leave through their call's response schema (ARCHITECTURE section 9): a field a handler
// passes along by mistake never reaches a client. In strict mode (tests, development) such a
// field is a defect that fails the call with a bare 500; in production it is stripped silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { undeclaredPaths } from './response.ts';

/** A value no schema declares, so a leak is visible anywhere in a body. */
const SECRET = 'hash-7f3a9c1e-must-not-leave';

const leakyCall = defineCall({
  path: 'response-probe-leaky',
  audience: 'any',
  session: 'none',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({ where: z.enum(['top', 'nested', 'array', 'none']) }),
  response: z.object({
    id: z.number(),
    owner: z.object({ name: z.string() }),
    items: z.array(z.object({ amount: z.number() })),
  }),
});

/** What the handler returns: the declared answer, plus one undeclared field where asked. */
function answerWithLeak(where: 'top' | 'nested' | 'array' | 'none') {
  return {
    id: 7,
    owner: { name: 'Maya', ...(where === 'nested' ? { passwordHash: SECRET } : {}) },
    items: [{ amount: 100 }, { amount: 250, ...(where === 'array' ? { cardNumber: SECRET } : {}) }],
    ...(where === 'top' ? { tokenHash: SECRET } : {}),
  };
}

const mistypedCall = defineCall({
  path: 'response-probe-mistyped',
  audience: 'any',
  session: 'none',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: z.object({ id: z.number() }),
});

function registerProbes(t: TestApp): void {
  t.dispatcher.register(leakyCall, async (input) => ({ data: answerWithLeak(input.where) }));
  // A handler that breaks its contract's types (a string where a number is declared).
  t.dispatcher.register(mistypedCall, async () => ({ data: { id: SECRET } as unknown as { id: number } }));
}

describe('strict responses (tests and development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
    registerProbes(t);
  });
  afterAll(async () => t.close());

  it('answers a declared response as it is', async () => {
    // Proves the probe itself is sound: without a stray field the call succeeds unchanged.
    const answer = await t.call(leakyCall, { where: 'none' });
    expect({ status: answer.status, data: answer.data }).toEqual({ status: 200, data: answerWithLeak('none') });
  });

  it('refuses an answer carrying an undeclared field with a bare 500 that leaks nothing', async () => {
    // Proves a stray field at the top, in a nested object or in an array item fails the call,
    // and the 500 carries neither the field's name nor its value.
    for (const [where, field] of [
      ['top', 'tokenHash'],
      ['nested', 'passwordHash'],
      ['array', 'cardNumber'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/${leakyCall.path}`, payload: { where } });
      expect(response.statusCode, where).toBe(500);
      expect(response.json()).toEqual({
        code: 500,
        reason: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
        data: null,
      });
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain(field);
    }
  });

  it('refuses an answer that breaks its schema, leaking nothing', async () => {
    // Proves a wrongly typed field is a 500 too, without the offending value.
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/${mistypedCall.path}`, payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ reason: 'INTERNAL_ERROR', data: null });
    expect(response.body).not.toContain(SECRET);
  });
});

describe('production responses (strictResponses off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true }, { demo: false });
    registerProbes(t);
  });
  afterAll(async () => t.close());

  it('strips an undeclared field silently and answers the rest', async () => {
    // Proves production keeps serving the call, and the stray field never leaves the server.
    for (const where of ['top', 'nested', 'array'] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/${leakyCall.path}`, payload: { where } });
      expect(response.statusCode, where).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: 'Success', data: answerWithLeak('none') });
      expect(response.body).not.toContain(SECRET);
    }
  });

  it('still refuses an answer that breaks its schema', async () => {
    // Proves stripping is the only leniency: a wrong type is a 500 in production as well.
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/${mistypedCall.path}`, payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SECRET);
  });
});

describe('undeclaredPaths', () => {
  it('names nothing when the kept value has every key', () => {
    // Proves equal shapes (and scalars, nulls) give no paths.
    expect(undeclaredPaths({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toEqual([]);
    expect(undeclaredPaths(5, 5)).toEqual([]);
    expect(undeclaredPaths(null, null)).toEqual([]);
  });

  it('names stripped keys at the top and in nested objects, with dotted paths', () => {
    // Proves the paths of what the schema dropped, at every depth, and not what it kept.
    const schema = z.object({ id: z.number(), owner: z.object({ name: z.string(), address: z.object({ city: z.string() }) }) });
    const sent = { id: 1, secret: 'x', owner: { name: 'Maya', hash: 'y', address: { city: 'Dubai', geo: [25, 55] } } };
    expect(undeclaredPaths(sent, schema.parse(sent))).toEqual(['secret', 'owner.hash', 'owner.address.geo']);
  });

  it('names stripped keys inside array items with their index', () => {
    // Proves arrays are walked item by item, at the top and nested.
    const schema = z.object({ rows: z.array(z.object({ id: z.number() })) });
    const sent = { rows: [{ id: 1 }, { id: 2, token: 't' }, { id: 3, pan: 'p', cvc: 'c' }] };
    expect(undeclaredPaths(sent, schema.parse(sent))).toEqual(['rows[1].token', 'rows[2].pan', 'rows[2].cvc']);
    const list = z.array(z.object({ id: z.number() }));
    expect(undeclaredPaths([{ id: 1, extra: true }], list.parse([{ id: 1, extra: true }]))).toEqual(['[0].extra']);
  });

  it('follows the branch of a union that the value matched', () => {
    // Proves unions: each shape is checked against what its own branch kept.
    const schema = z.union([z.object({ detail: z.object({ id: z.number() }) }), z.object({ data: z.array(z.object({ id: z.number() })) })]);
    const detail = { detail: { id: 1, internal: 'x' } };
    const page = { data: [{ id: 1, internal: 'y' }], leftover: 1 };
    expect(undeclaredPaths(detail, schema.parse(detail))).toEqual(['detail.internal']);
    expect(undeclaredPaths(page, schema.parse(page))).toEqual(['data[0].internal', 'leftover']);
    const nullable = z.object({ card: z.object({ last4: z.string() }).nullable() });
    expect(undeclaredPaths({ card: null }, nullable.parse({ card: null }))).toEqual([]);
    expect(undeclaredPaths({ card: { last4: '4242', pan: 'p' } }, nullable.parse({ card: { last4: '4242', pan: 'p' } }))).toEqual([
      'card.pan',
    ]);
  });

  it('does not count a key the schema kept with an undefined value as stripped', () => {
    // Proves an optional field the handler set to undefined is declared, not a leak.
    const schema = z.object({ note: z.string().optional() });
    expect(undeclaredPaths({ note: undefined }, schema.parse({ note: undefined }))).toEqual([]);
  });
});
