// Proves the console reads KYC answers as words: Yes/No for yes/no questions, the option itself.
import { describe, expect, it } from 'vitest';
import { kycAnswerText } from './kyc-answers.ts';

describe('a KYC answer in the console', () => {
  it('reads 1 and 0 of a checkbox or a yes/no radio as Yes and No', () => {
    expect(kycAnswerText({ type: 'checkbox', value: '1' })).toBe('Yes');
    expect(kycAnswerText({ type: 'checkbox', value: '0' })).toBe('No');
    expect(kycAnswerText({ type: 'radio', value: '1' })).toBe('Yes');
    expect(kycAnswerText({ type: 'radio', value: '0' })).toBe('No');
  });

  it('shows an option and a text as given, and nothing as a dash', () => {
    expect(kycAnswerText({ type: 'radio', value: 'Business income' })).toBe('Business income');
    expect(kycAnswerText({ type: 'text', value: '1' })).toBe('1');
    expect(kycAnswerText({ type: 'text', value: '' })).toBe('—');
  });
});
