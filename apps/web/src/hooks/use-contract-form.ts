// The form kit's hook (ARCHITECTURE section 11): one contract call bound to one react-hook-form
// form. It gives every form the same behaviour:
//   - the schema is the call's request schema, or a form schema for what the screen types (an
//     amount as text) with `toRequest` mapping its output to the request;
//   - validation on input (spec 1 section 5): a field shows its first message as the user
//     types, and the fields already typed in stay current when another field changes (the
//     confirm password turns wrong when the password changes under it);
//   - no framework default message: a check without its own message gets one in the spec's
//     wording (components/form/form-error-map.ts);
//   - submit goes through `call()`; while it runs the form is pending (the actions bar shows
//     the submit button loading and disabled) and a second submit is ignored, so a money
//     action cannot be sent twice from one form (DECISIONS 4);
//   - a refusal's field messages land on their fields (wire names renamed, refusal names routed
//     to the field they are about), and the refusal itself, with its `reason`, is returned.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldPath, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { CallDef, TCallRequest, TCallResponse, TErrorName } from '@paywallet/contract';
import { isApiError } from '../api/api-error.ts';
import type { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import type { CallOptions } from '../api/client.ts';
import { formErrorMap } from '../components/form/form-error-map.ts';
import { serverFieldMessages } from '../components/form/server-field-errors.ts';

/** A schema a form can hold: an object of fields in, whatever the call needs out. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The error type of a message the server gave; the kit never overwrites it with a re-check. */
const SERVER_ERROR_TYPE = 'server';

type Body<C extends CallDef> = TCallRequest<C> | Promise<TCallRequest<C>>;

interface CommonOptions<C extends CallDef, S extends FormSchema> {
  call: C;
  /** Every field of the form, with its starting value (the kit reads the field list from it). */
  defaultValues: DefaultValues<z.input<S>>;
  /** Wire name -> form field where they differ: `{ payerAccountId: 'walletId' }`. */
  wireNames?: Readonly<Record<string, FieldPath<z.input<S>>>>;
  /** Refusal name -> the field it is about: `{ ...onField(AMOUNT_REFUSALS, 'amount') }`. */
  refusalFields?: Readonly<Partial<Record<TErrorName, FieldPath<z.input<S>>>>>;
  /** Passed to call(): toasts (spec 1 section 8), abort signal. */
  callOptions?: CallOptions;
  /** Runs after a successful call; the form stays pending until a returned promise settles. */
  onSuccess?: (data: TCallResponse<C>, values: z.output<S>) => unknown;
  /** Runs after a refusal, once its field messages are placed. */
  onError?: (error: unknown) => void;
}

/** The request schema is the form's: the values are sent as they are (or mapped). */
export interface RequestFormOptions<C extends CallDef<FormSchema>> extends CommonOptions<C, C['request']> {
  schema?: undefined;
  toRequest?: (values: z.output<C['request']>) => Body<C>;
}

/** A form schema of its own: `toRequest` builds the call's body from what it outputs. */
export interface OwnSchemaFormOptions<C extends CallDef, S extends FormSchema> extends CommonOptions<C, S> {
  schema: S;
  toRequest: (values: z.output<S>) => Body<C>;
}

export interface ContractForm<S extends FormSchema> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  control: UseFormReturn<z.input<S>, unknown, z.output<S>>['control'];
  /** Spread on the <form>: submit through the kit, and no browser bubbles over the kit's messages. */
  formProps: { onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; noValidate: true };
  /** True from submit until the call (and onSuccess) settled. */
  pending: boolean;
  /** The last refusal (null after a new submit starts); `refusal.reason` names it. */
  refusal: ApiError | null;
}

export function useContractForm<C extends CallDef<FormSchema>>(options: RequestFormOptions<C>): ContractForm<C['request']>;
export function useContractForm<C extends CallDef, S extends FormSchema>(options: OwnSchemaFormOptions<C, S>): ContractForm<S>;
export function useContractForm(options: RequestFormOptions<CallDef<FormSchema>> | OwnSchemaFormOptions<CallDef, FormSchema>) {
  const schema = options.schema ?? (options.call.request as FormSchema);
  // The field list is the form's first default values: a screen may pass a new object each render.
  const [fields] = useState(() => Object.keys(options.defaultValues ?? {}));
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: zodResolver(schema, { error: formErrorMap }) as Resolver<FieldValues, unknown, FieldValues>,
    mode: 'onChange',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
    defaultValues: options.defaultValues,
  });
  useKeepTypedFieldsCurrent(form, fields);

  // The request schema's output is a valid input of the same schema (the server parses it
  // again), so a form on the request schema sends its values as they are.
  const toRequest = options.toRequest ?? ((values: FieldValues) => values);
  const mutation = useMutation({
    mutationFn: async (values: FieldValues) => call(options.call, await toRequest(values), options.callOptions),
    onSuccess: (data, values) => options.onSuccess?.(data, values),
    onError: (error) => {
      const messages = Object.entries(
        serverFieldMessages(error, { fields, wireNames: options.wireNames, refusalFields: options.refusalFields }),
      );
      messages.forEach(([field, message], index) =>
        form.setError(field as Path<FieldValues>, { type: SERVER_ERROR_TYPE, message }, { shouldFocus: index === 0 }),
      );
      options.onError?.(error);
    },
  });

  // A second submit while the first runs (Enter pressed twice) is ignored: the button is
  // disabled, and this covers the keyboard too.
  const inFlight = useRef(false);
  const { mutateAsync } = mutation;
  const onSubmit = useCallback(
    (event?: BaseSyntheticEvent) =>
      form.handleSubmit(async (values) => {
        if (inFlight.current) return;
        inFlight.current = true;
        try {
          await mutateAsync(values);
        } catch {
          // The refusal is on the form already (onError) and in `refusal`.
        } finally {
          inFlight.current = false;
        }
      })(event),
    [form, mutateAsync],
  );

  return {
    form,
    control: form.control,
    formProps: { onSubmit, noValidate: true as const },
    pending: mutation.isPending,
    refusal: isApiError(mutation.error) ? mutation.error : null,
  };
}

/**
 * react-hook-form checks only the field being typed in. A rule across fields (confirm password)
 * would then keep showing what it said before the other field changed, so after each keystroke
 * the fields already typed in, and those showing a message, are checked again. A message the
 * server gave stays until its own field is edited.
 */
function useKeepTypedFieldsCurrent(form: UseFormReturn<FieldValues, unknown, FieldValues>, fields: readonly string[]): void {
  const typed = useRef(new Set<string>());
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type !== 'change' || !name) return;
          typed.current.add(name);
          const others = fields.filter((field) => {
            if (field === name) return false;
            const { error } = form.getFieldState(field);
            if (error?.type === SERVER_ERROR_TYPE) return false;
            return typed.current.has(field) || error !== undefined;
          });
          if (others.length > 0) void form.trigger(others);
        },
      }),
    [form, fields],
  );
}
