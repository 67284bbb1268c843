// The countdown text while it runs, then a resend link (spec 1 screen 2).
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { CountdownText } from '../../../components/countdown-text.tsx';

export interface ResendCodeProps {
  secondsLeft: number;
  sending: boolean;
  onResend: () => void;
}

export function ResendCode({ secondsLeft, sending, onResend }: ResendCodeProps) {
  if (secondsLeft > 0) return <CountdownText secondsLeft={secondsLeft} />;
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        Didn't get the code?
      </Text>
      {sending ? (
        <Loader size="xs" />
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={onResend}>
          Resend OTP
        </Anchor>
      )}
    </Group>
  );
}
