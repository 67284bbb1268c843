// Six single-character boxes for the one-time code: typing advances, Backspace on an empty
// box goes back, arrows move, and pasting the code (anywhere) fills every box.
import { useId, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { assignRef } from '@mantine/hooks';
import { LIMITS } from '@paywallet/contract';
import { requiredLabelProps } from './required.ts';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  label?: string;
  length?: number;
  disabled?: boolean;
  /** The first box: the form kit focuses it when the server refuses the code. */
  ref?: Ref<HTMLInputElement>;
}

// An empty box in the middle is held as a space so the other digits keep their places; the
// form's rule then reads an incomplete code as missing.
function toDigits(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => (value[index] ?? '').trim());
}

function fromDigits(digits: string[]): string {
  return digits
    .map((digit) => digit || ' ')
    .join('')
    .trimEnd();
}

export function OtpInput({ value, onChange, onBlur, error, label = 'OTP', length = LIMITS.otpLength, disabled, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = useId();
  const errorId = useId();
  const digits = toDigits(value, length);

  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const commit = (next: string[]) => onChange(fromDigits(next));

  const setDigit = (index: number, raw: string) => {
    let typed = raw.replace(/\D/g, '');
    const current = digits[index] ?? '';
    if (typed.length === 2 && current) {
      // A digit typed into a filled box: keep the new one.
      typed = typed[0] === current ? typed.slice(1) : typed.slice(0, 1);
    } else if (typed.length > 1) {
      fillFrom(index, typed);
      return;
    }
    const next = [...digits];
    next[index] = typed;
    commit(next);
    if (typed) focusBox(index + 1);
  };

  const fillFrom = (index: number, text: string) => {
    const next = [...digits];
    const start = text.length >= length ? 0 : index;
    for (let offset = 0; offset < text.length && start + offset < length; offset += 1) {
      next[start + offset] = text[offset] ?? '';
    }
    commit(next);
    focusBox(Math.min(length - 1, start + text.length));
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, length);
    if (!pasted) return;
    event.preventDefault();
    fillFrom(index, pasted);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      focusBox(index + 1);
    }
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId, ...requiredLabelProps }} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" role="group" aria-labelledby={labelId} mt={4} wrap="nowrap">
        {digits.map((digit, index) => (
          <TextInput
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
              if (index === 0) assignRef(ref, element);
            }}
            value={digit}
            onChange={(event) => setDigit(index, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={onBlur}
            aria-label={`OTP digit ${index + 1}`}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={length}
            disabled={disabled}
            error={Boolean(error)}
            style={{ flex: '1 1 0', minWidth: 36, maxWidth: 52 }}
            styles={{ input: { textAlign: 'center', fontSize: 20, fontWeight: 600, height: 48, paddingInline: 0 } }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
