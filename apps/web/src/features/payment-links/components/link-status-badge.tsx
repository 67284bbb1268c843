// A link's status where it cannot be toggled (spec 3 section 4): green when Active, else red;
// 'Expired' once its lifetime has run out.
import { Badge } from '@mantine/core';

export function LinkStatusBadge({ statusStr, expired = false }: { statusStr: string; expired?: boolean }) {
  const active = statusStr === 'Active' && !expired;
  // Outlined with shade-9 text: 4.5:1 on white (docs/web-kit.md, Accessibility).
  return (
    <Badge color={active ? 'teal' : 'red'} c={active ? 'teal.9' : 'red.9'} variant="outline" miw="max-content">
      {expired ? 'Expired' : statusStr}
    </Badge>
  );
}
