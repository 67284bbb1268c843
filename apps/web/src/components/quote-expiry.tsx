// How long a quote (spec: the send-money or balance-and-limits hash) can still be confirmed.
import { Text } from '@mantine/core';

function asClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function QuoteExpiry({ secondsLeft }: { secondsLeft: number }) {
  if (secondsLeft <= 0) {
    return (
      <Text size="sm" c="red.7" role="status" data-testid="quote-expiry">
        This quote has expired. Go back and start again.
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="timer" aria-live="off" data-testid="quote-expiry">
      This quote expires in {asClock(secondsLeft)}
    </Text>
  );
}
