// The checkout form: the customer (prefilled from the link) and the card. Checked here first
// (required fields, Luhn, expiry), then by the server; a declined card shows its reason and the
// customer may try another card on the same page. A card that needs 3-D Secure sends the page to
// the card issuer's check, which returns to this page with the attempt.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TCheckout, TCheckoutPayment } from '@paywallet/contract';
import { closedCheckout } from './link-closed.ts';
import { CheckoutError, payCheckout } from './pay-api.ts';
import { expiryPassed, formatExpiry, groupCardNumber, luhnValid, parseExpiry } from './card.ts';

type FieldName = 'name' | 'email' | 'phone' | 'country' | 'city' | 'holderName' | 'number' | 'expiry' | 'cvc';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

/** The server's field paths, as the form names them. */
const SERVER_FIELDS: Record<string, FieldName> = {
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.phone': 'phone',
  'customer.country': 'country',
  'customer.city': 'city',
  'card.holderName': 'holderName',
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};
/** Card refusals shown on the field they are about. */
const CARD_REFUSAL_FIELDS: Record<string, FieldName> = {
  CARD_NUMBER_INVALID: 'number',
  CARD_SCHEME_NOT_ALLOWED: 'number',
  CARD_EXPIRED: 'expiry',
  CVC_INVALID: 'cvc',
};
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check(values: Values): Errors {
  const errors: Errors = {};
  if (values.name.trim().length < 2) errors.name = 'The name field is required';
  if (values.email.trim() && !EMAIL_SHAPE.test(values.email.trim())) errors.email = 'The email must be a valid email address';
  if (values.phone.trim() && !/^\+?\d{9,15}$/.test(values.phone.replace(/[\s\-()]/g, '')))
    errors.phone = 'The phone must be 9 to 15 digits';
  if (values.holderName.trim().length < 2) errors.holderName = 'The card holder name field is required';
  const digits = values.number.replace(/\D/g, '');
  if (!digits) errors.number = 'The card number field is required';
  else if (digits.length < 12 || !luhnValid(digits)) errors.number = 'The card number is invalid';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'The expiry field is required';
  else if (!expiry) errors.expiry = 'Enter the expiry as MM/YY';
  else if (expiryPassed(expiry.month, expiry.year)) errors.expiry = 'The card has expired';
  if (!values.cvc.trim()) errors.cvc = 'The cvc field is required';
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The cvc must be 3 or 4 digits';
  return errors;
}

export function CheckoutForm({
  checkout,
  amount,
  attemptUuid,
  onPayment,
  onClosed,
}: {
  checkout: TCheckout;
  amount: string;
  attemptUuid: string;
  onPayment: (payment: TCheckoutPayment) => void;
  /** The link stopped taking payments while the page was open: the page shows its new state. */
  onClosed: (checkout: TCheckout) => void;
}) {
  const [values, setValues] = useState<Values>({
    name: checkout.customer.name ?? '',
    email: checkout.customer.email ?? '',
    phone: checkout.customer.phone ?? '',
    country: '',
    city: '',
    holderName: '',
    number: '',
    expiry: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [stage, setStage] = useState<'editing' | 'paying' | 'redirecting'>('editing');
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Another card typed: the last card's refusal no longer applies.
    if (field === 'number') setAlert(null);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: Errors) => {
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (stage !== 'editing') return;
    setAlert(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    const expiry = parseExpiry(values.expiry)!;
    setStage('paying');
    try {
      const payment = await payCheckout({
        token: checkout.token,
        attemptUuid,
        customer: {
          name: values.name.trim(),
          email: values.email.trim(),
          phone: values.phone.replace(/[\s\-()]/g, ''),
          country: values.country.trim(),
          city: values.city.trim(),
        },
        card: {
          holderName: values.holderName.trim(),
          number: values.number.replace(/\D/g, ''),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: values.cvc.trim(),
        },
      });
      if (payment.status === 'requires_action' && payment.challengeUrl) {
        setStage('redirecting');
        window.location.assign(payment.challengeUrl);
        return;
      }
      if (payment.status === 'failed') {
        // Declined: say why, and let the customer try another card here.
        setValues((current) => ({ ...current, number: '', expiry: '', cvc: '' }));
        setAlert(`${payment.failureReason ?? 'The payment failed.'} Please try another card.`);
        setStage('editing');
        return;
      }
      onPayment(payment);
    } catch (error) {
      setStage('editing');
      if (!(error instanceof CheckoutError)) {
        setAlert('Something went wrong. Please try again.');
        return;
      }
      const closed = closedCheckout(checkout, error.reason, error.message);
      if (closed) {
        onClosed(closed);
        return;
      }
      const fieldErrors: Errors = {};
      for (const [path, message] of Object.entries(error.fieldErrors)) {
        const field = SERVER_FIELDS[path];
        if (field && !fieldErrors[field]) fieldErrors[field] = message;
      }
      const cardField = CARD_REFUSAL_FIELDS[error.reason];
      if (cardField) fieldErrors[cardField] = error.message;
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
      if (!cardField) setAlert(error.message);
    }
  }

  const busy = stage !== 'editing';
  return (
    <form ref={formRef} className="pay-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <h1 className="pay-title">Pay {amount}</h1>
      <fieldset className="pay-fieldset" disabled={busy}>
        <legend>Your details</legend>
        <Field label="Name" name="name" required value={values.name} error={errors.name} onChange={set} autoComplete="name" />
        <div className="pay-row">
          <Field label="Email" name="email" type="email" value={values.email} error={errors.email} onChange={set} autoComplete="email" />
          <Field label="Phone" name="phone" type="tel" value={values.phone} error={errors.phone} onChange={set} autoComplete="tel" />
        </div>
        <div className="pay-row">
          <Field label="Country" name="country" value={values.country} error={errors.country} onChange={set} autoComplete="country-name" />
          <Field label="City" name="city" value={values.city} error={errors.city} onChange={set} autoComplete="address-level2" />
        </div>
      </fieldset>
      <fieldset className="pay-fieldset" disabled={busy}>
        <legend>Card</legend>
        {checkout.schemes.length > 0 && (
          <p className="pay-muted pay-accepted">Accepted cards: {checkout.schemes.map((scheme) => scheme.name).join(', ')}</p>
        )}
        <Field
          label="Card holder name"
          name="holderName"
          required
          value={values.holderName}
          error={errors.holderName}
          onChange={set}
          autoComplete="cc-name"
        />
        <Field
          label="Card number"
          name="number"
          required
          value={values.number}
          error={errors.number}
          onChange={(field, value) => set(field, groupCardNumber(value))}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 5678 9012 3456"
        />
        <div className="pay-row pay-row-keep">
          <Field
            label="Expiry (MM/YY)"
            name="expiry"
            required
            value={values.expiry}
            error={errors.expiry}
            onChange={(field, value) => set(field, formatExpiry(value))}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
          />
          <Field
            label="CVC"
            name="cvc"
            required
            value={values.cvc}
            error={errors.cvc}
            onChange={(field, value) => set(field, value.replace(/\D/g, '').slice(0, 4))}
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
          />
        </div>
      </fieldset>
      {alert && (
        <p role="alert" className="pay-alert pay-alert-error">
          {alert}
        </p>
      )}
      <button type="submit" className="pay-button" disabled={busy}>
        {busy ? (
          <>
            <span className="pay-spinner pay-spinner-light" aria-hidden="true" />
            {stage === 'redirecting' ? 'Opening 3-D Secure…' : 'Processing…'}
          </>
        ) : (
          `Pay ${amount}`
        )}
      </button>
      <p className="pay-muted pay-center">Your card details are sent encrypted and never stored in full.</p>
    </form>
  );
}

function Field({
  label,
  name,
  value,
  error,
  onChange,
  required,
  type = 'text',
  ...rest
}: {
  label: string;
  name: FieldName;
  value: string;
  error: string | undefined;
  onChange: (field: FieldName, value: string) => void;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
}): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="pay-field">
      <label htmlFor={id} data-required={required ? 'true' : undefined}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(name, event.target.value)}
        {...rest}
      />
      {error && (
        <span id={errorId} className="pay-field-error">
          {error}
        </span>
      )}
    </div>
  );
}
