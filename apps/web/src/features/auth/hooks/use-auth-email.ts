// The e-mail a screen works on: the route parameter `email` if given, else the stored one.
// Undefined means neither exists and the screen sends the user to send-otp.
import { useSearchParams } from 'react-router-dom';
import { useLocalState } from '../../../hooks/use-local-state.ts';

export function useAuthEmail(): string | undefined {
  const [params] = useSearchParams();
  const stored = useLocalState('email');
  return params.get('email') || stored || undefined;
}
