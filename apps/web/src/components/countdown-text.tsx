// 'Resend code in 00:SS' while the countdown runs; nothing once it reaches 0 (the caller then
// shows its resend link).
import { Text } from '@mantine/core';

function asClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function CountdownText({ secondsLeft, label = 'Resend code in' }: { secondsLeft: number; label?: string }) {
  if (secondsLeft <= 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="otp-countdown">
      {label} {asClock(secondsLeft)}
    </Text>
  );
}
