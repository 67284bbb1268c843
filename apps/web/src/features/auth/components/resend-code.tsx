// The countdown text while it runs, then a resend link (spec 1 screen 2): 30 s from the first
// code, 10 s after each resend (spec 1 section 4). Owns the countdown and the resend call, so
// every screen that takes a mailed code keeps the same rule.
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { OTP_COUNTDOWN_INITIAL_S, OTP_COUNTDOWN_RESEND_S, useCountdown } from '../../../hooks/use-countdown.ts';

export interface ResendCodeProps {
  /** Asks the server for a new code. */
  send: () => Promise<unknown>;
  /** Runs after a new code was sent (e.g. clear the boxes). */
  onSent?: () => void;
}

export function ResendCode({ send, onSent }: ResendCodeProps) {
  const countdown = useCountdown(OTP_COUNTDOWN_INITIAL_S);
  const resend = useMutation({
    mutationFn: send,
    onSuccess: () => {
      onSent?.();
      countdown.restart(OTP_COUNTDOWN_RESEND_S);
    },
  });
  if (countdown.secondsLeft > 0) return <CountdownText secondsLeft={countdown.secondsLeft} />;
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        Didn't get the code?
      </Text>
      {resend.isPending ? (
        <Loader size="xs" />
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={() => resend.mutate()}>
          Resend OTP
        </Anchor>
      )}
    </Group>
  );
}
