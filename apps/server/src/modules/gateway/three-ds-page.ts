// The sandbox's 3-D Secure page: self-contained HTML (no scripts, no outside assets), standing
// in for the card issuer's challenge page. Every value is escaped.
import { assertNever } from '@paywallet/ledger';
import type { ChallengeView } from './card-payments.service.ts';

const TITLE = 'PayWallet Sandbox 3-D Secure';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${TITLE}</title>
<style>/* Text and buttons at 4.5:1 or more: #1864ab on white is 5.9:1. */body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1b1e;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #e3e5e8;border-radius:12px;padding:2rem;max-width:26rem;width:100%;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:1.2rem;margin:0 0 .25rem}p.note{color:#555;font-size:.9rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}
dt{color:#555}dd{margin:0;font-weight:600}.actions{display:flex;gap:.75rem}form{flex:1}
button{width:100%;padding:.7rem;border-radius:8px;border:1px solid #1864ab;font-size:1rem;cursor:pointer}
.approve{background:#1864ab;color:#fff}.decline{background:#fff;color:#c92a2a;border-color:#c92a2a}a{color:#1864ab}</style>
</head><body><main>${body}</main></body></html>`;
}

/** The challenge: amount, card, and Approve and Decline as plain POST forms. */
export function challengePage(view: ChallengeView, token: string): string {
  const base = `/gateway/3ds/${encodeURIComponent(token)}`;
  return layout(`<h1>${TITLE}</h1>
<p class="note">This is a test payment page. Approve to complete the payment, or decline it.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(view.currency)} ${escapeHtml(view.amountText)}</dd>
<dt>Card</dt><dd>${escapeHtml(view.brand)} ${escapeHtml(view.maskedNumber)}</dd></dl>
<div class="actions">
<form method="post" action="${escapeHtml(`${base}/approve`)}"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${escapeHtml(`${base}/decline`)}"><button class="decline" type="submit">Decline</button></form>
</div>`);
}

/** The outcome of an answered (or expired) challenge; reloading it changes nothing. */
export function resultPage(view: ChallengeView): string {
  const amount = `${escapeHtml(view.currency)} ${escapeHtml(view.amountText)}`;
  const back = '<p><a href="/app">Back to PayWallet</a></p>';
  switch (view.state) {
    case 'approved':
      return layout(
        `<h1>Payment approved — you can close this tab</h1><p>${amount} was charged to ${escapeHtml(view.maskedNumber)}.</p>${back}`,
      );
    case 'declined':
      return layout(`<h1>Payment declined</h1><p>Nothing was charged to ${escapeHtml(view.maskedNumber)}.</p>${back}`);
    case 'expired':
      return layout(
        `<h1>Payment expired</h1><p>The check was not completed within 15 minutes. Nothing was charged; please start the payment again.</p>${back}`,
      );
    case 'challenge':
      return layout(`<h1>${TITLE}</h1><p>This payment is still waiting for your answer.</p>${back}`);
    default:
      return assertNever(view.state);
  }
}

export function notFoundPage(): string {
  return layout(
    '<h1>Payment not found</h1><p>This payment page is not valid. Please start the payment again.</p><p><a href="/app">Back to PayWallet</a></p>',
  );
}
