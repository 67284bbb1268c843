// The logout notice of spec 1 section 8: shown when the shell finds the session gone as it opens
// (app/session-watcher.tsx says when). OK goes to send-otp. The root layout renders it on every
// page, the sign-in page included, yet it is rarely shown: the dialog (Mantine's Modal, with its
// scroll area, focus trap and scroll lock) loads the first time it opens, and stays mounted
// afterwards so that closing it still animates.
import { lazy, Suspense, useState } from 'react';

const LogoutNoticeDialog = lazy(async () => ({ default: (await import('./logout-notice-dialog.tsx')).LogoutNoticeDialog }));

export function LogoutNoticeModal({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LogoutNoticeDialog opened={opened} onOk={onOk} />
    </Suspense>
  );
}
