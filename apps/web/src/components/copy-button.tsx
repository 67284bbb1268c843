// Copies a value (a transaction id, an account number): 'Text Copied', or 'Error Could not Copy'
// when neither the clipboard nor the older copy command works (spec 1 section 8).
import { ActionIcon, Tooltip } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { showToast } from '../lib/toast.ts';

/** The Clipboard API where the page may use it, else the copy command on a hidden text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): try the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip label={`Copy ${label}`} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Copy ${label}`}
        onClick={async (event) => {
          event.stopPropagation();
          const copied = await copyText(value);
          if (copied) showToast('success', TEXTS.textCopied);
          else showToast('error', TEXTS.copyFailed);
        }}
      >
        <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
