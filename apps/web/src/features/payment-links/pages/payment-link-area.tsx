// The payment-link screens (spec 3 section 2.6: payment-link, payment-link/add, payment-link/view,
// payment-link/attempt/{id}, payment-link/attempt/{id}/detail) as one lazy chunk: the app's
// router holds a single route, payment-link/*, and this area routes within it, so the five
// screens cost the sign-in page's bundle one entry. The paths come from paths.ts.
import { Route, Routes } from 'react-router-dom';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { PaymentLinkAddPage } from './payment-link-add-page.tsx';
import { PaymentLinkAttemptDetailPage } from './payment-link-attempt-detail-page.tsx';
import { PaymentLinkAttemptsPage } from './payment-link-attempts-page.tsx';
import { PaymentLinkViewPage } from './payment-link-view-page.tsx';
import { PaymentLinksPage } from './payment-links-page.tsx';

/** A path of the area relative to payment-link: '/app/payment-link/add' -> 'add'. */
function inArea(path: string): string {
  return path.slice(MERCHANT_PATHS.paymentLink.length + 1);
}

export function PaymentLinkArea() {
  return (
    <Routes>
      <Route index element={<PaymentLinksPage />} />
      <Route path={inArea(MERCHANT_PATHS.paymentLinkAdd)} element={<PaymentLinkAddPage />} />
      <Route path={inArea(MERCHANT_PATHS.paymentLinkView)} element={<PaymentLinkViewPage />} />
      <Route path={inArea(MERCHANT_PATHS.paymentLinkAttempt)} element={<PaymentLinkAttemptsPage />} />
      <Route path={inArea(MERCHANT_PATHS.paymentLinkAttemptDetail)} element={<PaymentLinkAttemptDetailPage />} />
    </Routes>
  );
}
