// Notification (spec 2): Email Address, Phone Number, SMS and Email switches (on by default) and
// Save Settings. Starts from the saved settings, else the account's own e-mail and phone.
import { useState } from 'react';
import { Button, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { MESSAGES, NOTIFICATION_SWITCH, phoneProblem, type TUserData } from '@paywallet/contract';
import { useUpdateNotificationSettings } from '../api/app-settings-calls.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const switchOf = (on: boolean) => (on ? NOTIFICATION_SWITCH.ON : NOTIFICATION_SWITCH.OFF);

function NotificationForm({ user }: { user: TUserData }) {
  const saved = user.details.notification_settings;
  const [email, setEmail] = useState(saved ? (saved.email ?? '') : user.email);
  const [phone, setPhone] = useState(saved ? (saved.phoneNumber ?? '') : (user.phone_number ?? ''));
  const [sms, setSms] = useState(saved ? saved.smsStatus === NOTIFICATION_SWITCH.ON : true);
  const [mail, setMail] = useState(saved ? saved.emailStatus === NOTIFICATION_SWITCH.ON : true);
  const save = useUpdateNotificationSettings();
  const emailError = email.trim() !== '' && !EMAIL.test(email.trim()) ? MESSAGES.emailInvalid : undefined;
  const phoneError = phoneProblem(phone.trim());
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (emailError || phoneError) return;
        save.mutate({ email: email.trim(), phoneNumber: phone.trim(), smsStatus: switchOf(sms), emailStatus: switchOf(mail) });
      }}
    >
      <Stack gap="md" maw={480}>
        <TextInput
          label="Email Address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
        />
        <TextInput
          label="Phone Number"
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={phoneError}
        />
        <Switch label="SMS Notification" checked={sms} onChange={(event) => setSms(event.currentTarget.checked)} />
        <Switch label="Email Notification" checked={mail} onChange={(event) => setMail(event.currentTarget.checked)} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save Settings
        </Button>
      </Stack>
    </form>
  );
}

export function NotificationPanel({ user }: { user: TUserData }) {
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Notification
      </Title>
      <Paper withBorder p="md" radius="md">
        <NotificationForm user={user} />
      </Paper>
    </Stack>
  );
}
