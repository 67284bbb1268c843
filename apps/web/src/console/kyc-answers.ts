// How a KYC answer reads in the console: a yes/no question (a checkbox, or a radio without
// options) stores '1' or '0' and reads Yes or No; a radio with options stores the option itself,
// and every other answer is shown as given. Nothing answered reads '—'.
export function kycAnswerText(answer: { type: string; value: string }): string {
  if (answer.value === '') return '—';
  if (answer.type === 'checkbox' || answer.type === 'radio') {
    if (answer.value === '1') return 'Yes';
    if (answer.value === '0') return 'No';
  }
  return answer.value;
}
