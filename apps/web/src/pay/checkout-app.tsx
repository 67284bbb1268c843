// The checkout page's states: loading, not found or unreachable (with a retry), a link that
// takes no payment (paid, inactive, expired), the form, and the result of a payment.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCheckout, TCheckoutPayment } from '@paywallet/contract';
import { CheckoutError, getCheckout } from './pay-api.ts';
import { formatAmount } from './card.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { PaymentResult } from './payment-result.tsx';

type View =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; canRetry: boolean }
  | { kind: 'ready'; checkout: TCheckout; payment: TCheckoutPayment | null };

export function CheckoutApp({ token, returningAttempt }: { token: string | undefined; returningAttempt: string | undefined }) {
  const [view, setView] = useState<View>(
    token ? { kind: 'loading' } : { kind: 'error', message: 'This payment link does not exist.', canRetry: false },
  );
  const loaded = useRef(false);

  const load = useCallback(async () => {
    if (!token) return;
    setView({ kind: 'loading' });
    try {
      const checkout = await getCheckout({ token, ...(returningAttempt ? { attemptUuid: returningAttempt } : {}) });
      setView({ kind: 'ready', checkout, payment: checkout.payment });
    } catch (error) {
      const refusal = error instanceof CheckoutError ? error : new CheckoutError('Something went wrong. Please try again.', 'UNKNOWN');
      setView({ kind: 'error', message: refusal.message, canRetry: refusal.reason !== 'CHECKOUT_NOT_FOUND' });
    }
  }, [token, returningAttempt]);

  useEffect(() => {
    // One page open, one attempt: StrictMode's second effect run must not open another.
    if (loaded.current) return;
    loaded.current = true;
    void load();
  }, [load]);

  return (
    <div className="pay-page">
      <main className="pay-card" aria-busy={view.kind === 'loading'}>
        {view.kind === 'loading' && (
          <div className="pay-loading" role="status">
            <span className="pay-spinner" aria-hidden="true" />
            Loading your payment…
          </div>
        )}
        {view.kind === 'error' && (
          <div className="pay-state">
            <h1 className="pay-title">Payment unavailable</h1>
            <p role="alert" className="pay-alert pay-alert-error">
              {view.message}
            </p>
            {view.canRetry && (
              <button type="button" className="pay-button" onClick={() => void load()}>
                Try again
              </button>
            )}
          </div>
        )}
        {view.kind === 'ready' && (
          <Checkout
            checkout={view.checkout}
            payment={view.payment}
            onPayment={(payment) => setView({ ...view, payment })}
            onClosed={(checkout) => setView({ kind: 'ready', checkout, payment: null })}
            onTryAgain={() => setView({ ...view, payment: null })}
          />
        )}
      </main>
      <footer className="pay-footer">Secure checkout by PayWallet</footer>
    </div>
  );
}

function Checkout({
  checkout,
  payment,
  onPayment,
  onClosed,
  onTryAgain,
}: {
  checkout: TCheckout;
  payment: TCheckoutPayment | null;
  onPayment: (payment: TCheckoutPayment) => void;
  onClosed: (checkout: TCheckout) => void;
  onTryAgain: () => void;
}) {
  const amount = formatAmount(checkout.amount, checkout.currency, checkout.decimals);
  const finished = payment && (payment.status === 'succeeded' || payment.status === 'failed' || payment.status === 'pending');
  return (
    <>
      <header className="pay-header">
        <p className="pay-merchant">{checkout.merchantName}</p>
        <p className="pay-store">{checkout.storeName}</p>
      </header>
      <section className="pay-summary" aria-label="Payment summary">
        <p className="pay-amount">{amount}</p>
        {checkout.description && <p className="pay-description">{checkout.description}</p>}
        {checkout.receiptNo && <p className="pay-muted">Receipt no. {checkout.receiptNo}</p>}
      </section>
      {finished ? (
        <PaymentResult payment={payment} amount={amount} canTryAgain={checkout.state === 'payable'} onTryAgain={onTryAgain} />
      ) : checkout.state !== 'payable' ? (
        <div className="pay-state">
          <h1 className="pay-title">{STATE_TITLES[checkout.state]}</h1>
          <p role="alert" className="pay-alert pay-alert-info">
            {checkout.stateMessage}
          </p>
        </div>
      ) : checkout.attemptUuid ? (
        <CheckoutForm checkout={checkout} amount={amount} attemptUuid={checkout.attemptUuid} onPayment={onPayment} onClosed={onClosed} />
      ) : null}
    </>
  );
}

const STATE_TITLES: Record<Exclude<TCheckout['state'], 'payable'>, string> = {
  paid: 'Already paid',
  inactive: 'Link inactive',
  expired: 'Link expired',
};
