// The hosted checkout page (/pay/<token>): a public page with its own small bundle. It holds
// none of the back-office (no merchant shell, no router, no UI kit): React, the envelope client
// and its own styles, so a customer's first visit downloads little.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './pay.css';
import { CheckoutApp } from './checkout-app.tsx';

/** The link's token from /pay/<token>; undefined on any other path. */
function tokenFromPath(pathname: string): string | undefined {
  const match = /^\/pay\/([A-Za-z0-9_-]{1,200})\/?$/.exec(pathname);
  return match?.[1];
}

function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

if (isFramed()) {
  // A page that takes card details is never shown inside another site's frame.
  try {
    if (window.top) window.top.location.href = window.self.location.href;
  } catch {
    // The server's frame-ancestors 'none' keeps it from showing anyway.
  }
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const params = new URLSearchParams(window.location.search);
  createRoot(root).render(
    <StrictMode>
      <CheckoutApp token={tokenFromPath(window.location.pathname)} returningAttempt={params.get('attempt') ?? undefined} />
    </StrictMode>,
  );
}
