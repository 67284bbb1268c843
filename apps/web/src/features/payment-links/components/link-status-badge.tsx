// A link's status where it cannot be toggled (spec 3 section 4): green when Active, else red;
// 'Expired' once its lifetime has run out; 'Paid' once a single-use link took its one payment.
import { Badge } from '@mantine/core';

export function LinkStatusBadge({ statusStr, expired = false, paid = false }: { statusStr: string; expired?: boolean; paid?: boolean }) {
  // Paid comes first: a used-up link stays paid whether or not its lifetime has run out since.
  // Blue, not green or red: it is neither open for payment nor a fault (docs/payment-links.md).
  if (paid) {
    return (
      <Badge color="blue" c="blue.9" variant="outline" miw="max-content">
        Paid
      </Badge>
    );
  }
  const active = statusStr === 'Active' && !expired;
  // Outlined with shade-9 text: 4.5:1 on white (docs/web-kit.md, Accessibility).
  return (
    <Badge color={active ? 'teal' : 'red'} c={active ? 'teal.9' : 'red.9'} variant="outline" miw="max-content">
      {expired ? 'Expired' : statusStr}
    </Badge>
  );
}
