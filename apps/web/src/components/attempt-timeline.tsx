// A payment attempt as a timeline (spec 3 section 2.1): step 1 is the attempt's first entry
// (message, time, IP, transaction uuid, payment token), later steps come from its logs,
// numbered from 2; Read more reveals each step's key/value data. Shared by the payment link's
// attempt log and a transaction's attempts.
import { useState } from 'react';
import { Anchor, Code, Stack, Text, Timeline } from '@mantine/core';
import type { TAttemptLogStep } from '@paywallet/contract';
import { attemptSteps } from '../lib/attempt-steps.ts';
import { GmtDate } from './gmt-date.tsx';
import { KeyValueList } from './key-value-list.tsx';

function Step({ step, number }: { step: TAttemptLogStep; number: number }) {
  const [open, setOpen] = useState(false);
  const data = Object.entries(step.data);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Step {number} · <GmtDate value={step.created_at} /> · IP {step.ip}
      </Text>
      {step.transaction_uuid && (
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          Transaction <Code>{step.transaction_uuid}</Code>
        </Text>
      )}
      {step.payment_token && (
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          Payment token <Code>{step.payment_token}</Code>
        </Text>
      )}
      {data.length > 0 && (
        <Anchor component="button" type="button" size="xs" w="fit-content" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          {open ? 'Read less' : 'Read more'}
        </Anchor>
      )}
      {open && <KeyValueList rows={data.map(([key, value]) => ({ label: key, value }))} />}
    </Stack>
  );
}

export function AttemptTimeline({ first, logs }: { first: TAttemptLogStep; logs: readonly TAttemptLogStep[] }) {
  const steps = attemptSteps(first, logs);
  return (
    <Timeline active={steps.length - 1} bulletSize={22} lineWidth={2}>
      {steps.map(({ number, step }) => (
        <Timeline.Item key={number} bullet={<Text size="xs">{number}</Text>} title={step.message}>
          <Step step={step} number={number} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
