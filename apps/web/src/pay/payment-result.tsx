// The result of a payment: paid (amount, transaction id, card) or failed (the reason), then back
// to the merchant's site with `status` and `transactionId`: a button, and on success an automatic
// redirect after a few seconds (which the customer may stop). A failed payment waits for the
// customer: they may try again.
import { useEffect, useState } from 'react';
import type { TCheckoutPayment } from '@paywallet/contract';

/** Seconds before a paid customer is sent back to the merchant's site. */
export const REDIRECT_AFTER_S = 5;

export function PaymentResult({
  payment,
  amount,
  canTryAgain,
  onTryAgain,
}: {
  payment: TCheckoutPayment;
  amount: string;
  canTryAgain: boolean;
  onTryAgain: () => void;
}) {
  const paid = payment.status === 'succeeded';
  const pending = payment.status === 'pending';
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_AFTER_S);
  // The customer may stop the automatic return (WCAG 2.2.1: a time limit the user can turn off).
  const [stayed, setStayed] = useState(false);
  const autoRedirect = paid && payment.returnUrl !== null && !stayed;

  useEffect(() => {
    if (!autoRedirect || !payment.returnUrl) return;
    if (secondsLeft <= 0) {
      window.location.assign(payment.returnUrl);
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [autoRedirect, payment.returnUrl, secondsLeft]);

  return (
    <section className="pay-result" aria-live="polite">
      <div className={`pay-result-icon ${paid ? 'pay-ok' : pending ? 'pay-wait' : 'pay-fail'}`} aria-hidden="true">
        {paid ? '✓' : pending ? '…' : '!'}
      </div>
      <h1 className="pay-title">{paid ? 'Payment successful' : pending ? 'Payment pending' : 'Payment failed'}</h1>
      {paid && <p className="pay-amount-small">{amount}</p>}
      {!paid && payment.failureReason && (
        <p role="alert" className="pay-alert pay-alert-error">
          {payment.failureReason}
        </p>
      )}
      <dl className="pay-details">
        <dt>Transaction ID</dt>
        <dd data-testid="transaction-id">{payment.transactionId}</dd>
        {payment.card && (
          <>
            <dt>Card</dt>
            <dd>
              {payment.card.brand.toUpperCase()} •••• {payment.card.last4}
            </dd>
          </>
        )}
      </dl>
      {autoRedirect && (
        <p className="pay-muted pay-center" role="status">
          Returning to the merchant in {secondsLeft} s…{' '}
          <button type="button" className="pay-link-button" onClick={() => setStayed(true)}>
            Stay on this page
          </button>
        </p>
      )}
      <div className="pay-actions">
        {!paid && canTryAgain && (
          <button type="button" className="pay-button" onClick={onTryAgain}>
            Try another card
          </button>
        )}
        {payment.returnUrl && (
          <a className={paid ? 'pay-button' : 'pay-button pay-button-secondary'} href={payment.returnUrl}>
            Return to merchant
          </a>
        )}
      </div>
    </section>
  );
}
